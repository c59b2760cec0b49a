/* proves: += on a string is D_OP_INCOMPAT */
/* args: -x errtags */
BEGIN { s = "a"; s += 1; }
