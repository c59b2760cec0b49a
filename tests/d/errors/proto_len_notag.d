/* proves: without errtags the prototype-length message has no tag */
BEGIN { a[1] = 1; a[1, 2] = 2; }
