/* proves: without errtags the incompatible-types message has no tag */
BEGIN { x = "a"; x = 1; }
