/* proves: an array signature may not end in ..., D_DECL_PROTO_VARARGS */
/* args: -x errtags */
int v[...];
BEGIN { exit(0); }
