/* proves: an action assigned to a new variable fails the assignment's check first: the variable takes void, and void = void is not assignment-compatible (D_OP_INCOMPAT, as dt_cook_op2) */
/* args: -x errtags */
BEGIN { x = trace(1); }
