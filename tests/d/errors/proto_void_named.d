/* proves: a named void parameter is D_DECL_PROTO_NAME */
/* args: -x errtags */
int g(void unused);
BEGIN { exit(0); }
