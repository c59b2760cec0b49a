/* proves: unsigned with a struct type is D_DECL_SIGNINT */
/* args: -x errtags */
struct s { int a; };
unsigned struct s v;
BEGIN { exit(0); }
