/* proves: void with other parameters is D_DECL_PROTO_VOID */
/* args: -x errtags */
int g(int, void);
BEGIN { exit(0); }
