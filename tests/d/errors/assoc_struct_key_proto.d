/* proves: an associative array first keyed by struct A refuses a struct B key with D_PROTO_ARG, naming both types */
/* args: -x errtags */
struct A { int a; };
struct B { int a; };
struct A ka;
struct B kb;
BEGIN { x[ka] = 1; x[kb] = 2; exit(0); }
