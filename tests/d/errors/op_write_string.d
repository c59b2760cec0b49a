/* proves: assigning to the built-in probename is D_OP_WRITE */
/* args: -x errtags */
BEGIN { probename = "x"; }
