/* proves: a parameterised inline used without keys is D_IDENT_BADREF */
/* args: -x errtags */
inline int add3[int a, int b, int c] = a + b + c;
BEGIN { trace(add3); exit(0); }
