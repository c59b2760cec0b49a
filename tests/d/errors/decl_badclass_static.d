/* proves: a static variable is D_DECL_BADCLASS */
/* args: -x errtags */
static int x;
BEGIN { exit(0); }
