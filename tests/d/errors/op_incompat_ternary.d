/* proves: ?: with a string and an int operand is D_OP_INCOMPAT */
/* args: -x errtags */
BEGIN { y = 1; x = y ? "a" : 2; }
