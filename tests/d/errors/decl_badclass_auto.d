/* proves: an auto variable is D_DECL_BADCLASS */
/* args: -x errtags */
auto int x;
BEGIN { exit(0); }
