/* proves: a negative bit-field width is D_DECL_BFCONST */
/* args: -x errtags */
struct s { int a : -3; } v;
BEGIN { exit(0); }
