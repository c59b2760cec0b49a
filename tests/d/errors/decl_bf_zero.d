/* proves: a named bit-field of width 0 is D_DECL_BFCONST */
/* args: -x errtags */
struct s { int a : 0; } v;
BEGIN { exit(0); }
