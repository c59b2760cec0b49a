/* proves: copyout() as an operand is a void operand of + (D_OP_INCOMPAT), after its own prototype check */
/* args: -x errtags */
BEGIN { y = 1 + copyout("a", 0, 1); }
