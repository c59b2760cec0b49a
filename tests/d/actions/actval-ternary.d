/* proves: actions as ?: operands are D_OP_ACT */
/* args: -x errtags */
BEGIN { x = 1 ? trace(0) : trace(1); }
