/* proves: without errtags the division-by-zero message has no tag */
BEGIN { x = 1 / 0; }
