/* proves: two parameters of one prototype with the same name are D_DECL_PROTO_FORM */
/* args: -x errtags */
int g(int a, char *a);
BEGIN { exit(0); }
