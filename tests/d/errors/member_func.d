/* proves: a struct member of function type has no size: D_DECL_VOIDOBJ */
/* args: -x errtags */
struct s { int fn(); } v;
BEGIN { exit(0); }
