/* proves: | on a string is D_OP_INT */
/* args: -x errtags */
BEGIN { x = "a" | 1; }
