/* proves: with -F the header and prefix appear even under -q, while the record newline does not */
/* args: -F -q */
BEGIN { trace(1); }
END { exit(0); }
BEGIN { exit(0); }
