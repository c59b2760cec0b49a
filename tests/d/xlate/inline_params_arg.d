/* proves: each key must be compatible with its parameter (D_PROTO_ARG) */
/* args: -x errtags */
inline int add3[int a, int b, int c] = a + b + c;
BEGIN { trace(add3[1, "two", 3]); exit(0); }
