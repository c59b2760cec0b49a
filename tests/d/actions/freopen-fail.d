/* proves: freopen() of a path that cannot be opened prints DTrace's error line and output stays where it was */
/* args: -qw */
BEGIN { freopen("/nonexistent/dir/file"); printf("still stdout\n"); exit(0); }
