/* proves: arithmetic on a void pointer is D_OP_INCOMPAT */
/* args: -x errtags */
void *p;
BEGIN { trace(p + 1); exit(0); }
