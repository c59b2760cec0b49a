/* proves: an action called for a value has its own prototype checked first (D_PROTO_LEN) (a condition that is not constant: DTrace folds 1 ? a : b to a while parsing) */
/* args: -x errtags */
BEGIN { x = timestamp ? printf("a") : trace(); }
