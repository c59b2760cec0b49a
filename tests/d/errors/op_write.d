/* proves: assigning to the built-in pid is D_OP_WRITE */
/* args: -x errtags */
BEGIN { pid = 1; }
