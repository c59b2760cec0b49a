/* proves: actions as comma operands are D_OP_ACT */
/* args: -x errtags */
BEGIN { x = (trace(1), 2); }
