/* proves: redefining a typedef name is D_DECL_IDRED, worded for a typedef */
/* args: -x errtags */
typedef int t;
typedef char t;
BEGIN { exit(0); }
