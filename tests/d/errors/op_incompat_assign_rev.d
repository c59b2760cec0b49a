/* proves: assigning a string to an int variable is D_OP_INCOMPAT */
/* args: -x errtags */
BEGIN { x = 1; x = "a"; }
