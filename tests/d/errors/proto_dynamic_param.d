/* proves: an associative-array parameter in a function prototype is D_DECL_PROTO_TYPE, of type dynamic variable */
/* args: -x errtags */
int g(int m[int]);
BEGIN { exit(0); }
