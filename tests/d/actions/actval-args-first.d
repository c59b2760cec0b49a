/* proves: an action called for a value has its own prototype checked first (D_PROTO_LEN) */
/* args: -x errtags */
BEGIN { x = 1 ? printf("a") : trace(); }
