/* proves: void in an associative array's signature is D_DECL_PROTO_TYPE */
/* args: -x errtags */
int x[void, char];
BEGIN { exit(0); }
