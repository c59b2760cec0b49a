/* proves: a key that does not match the declared tuple is D_PROTO_ARG */
/* args: -x errtags */
int a[string];
BEGIN { a[5] = 1; }
