/* proves: a bit-field of floating type is D_DECL_BFTYPE, (anon) when unnamed */
/* args: -x errtags */
struct s { float : 1; int b; } v;
BEGIN { exit(0); }
