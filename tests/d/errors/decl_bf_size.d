/* proves: a bit-field wider than its base type is D_DECL_BFSIZE */
/* args: -x errtags */
struct s { char a : 10; } v;
BEGIN { exit(0); }
