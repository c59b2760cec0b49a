/* proves: actions as ?: operands are D_OP_ACT (a condition that is not constant: DTrace folds 1 ? a : b to a while parsing) */
/* args: -x errtags */
BEGIN { x = timestamp ? trace(0) : trace(1); }
