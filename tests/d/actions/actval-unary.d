/* proves: unary minus of an action's void value is D_OP_ARITH */
/* args: -x errtags */
BEGIN { x = -trace(0); }
