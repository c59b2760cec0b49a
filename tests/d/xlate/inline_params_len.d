/* proves: a parameterised inline takes exactly its keys (D_PROTO_LEN) */
/* args: -x errtags */
inline int add3[int a, int b, int c] = a + b + c;
BEGIN { trace(add3[1, 2]); exit(0); }
