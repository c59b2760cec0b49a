/* proves: a declaration of a plain type without a name declares nothing: D_DECL_USELESS */
/* args: -x errtags */
extern int;
BEGIN { exit(0); }
