/* proves: declaring a clause-local associative array is D_DECL_LOCASSC */
/* args: -x errtags */
this int a[int];
BEGIN { exit(0); }
