/* proves: * on a string is D_OP_ARITH */
/* args: -x errtags */
BEGIN { x = "a" * 2; }
