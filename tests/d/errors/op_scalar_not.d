/* proves: ! on a string is D_OP_SCALAR */
/* args: -x errtags */
BEGIN { x = !"abc"; }
