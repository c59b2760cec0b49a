/* proves: an array dimension above UINT_MAX is D_DECL_ARRBIG */
/* args: -x errtags */
int a[88294967295];
BEGIN { exit(0); }
