/* proves: assigning an int to a string variable is D_OP_INCOMPAT */
/* args: -x errtags */
BEGIN { x = "a"; x = 1; }
