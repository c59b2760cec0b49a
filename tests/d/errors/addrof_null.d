/* proves: &NULL is D_ADDROF_LVAL: NULL is an inline of the constant 0, so the operand is a constant, not a variable */
/* args: -x errtags */
BEGIN { trace(&NULL); exit(0); }
