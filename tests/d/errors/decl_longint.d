/* proves: long with a struct type is D_DECL_LONGINT */
/* args: -x errtags */
struct s { int a; };
long struct s v;
BEGIN { exit(0); }
