/* proves: printf output follows the prefix verbatim, so its own newline plus the record's leaves an empty line */
BEGIN { printf("x=%d\n", 1); exit(0); }
