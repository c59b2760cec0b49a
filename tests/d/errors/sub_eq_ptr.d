/* proves: int -= pointer is D_OP_VFPTR (the left side must be a pointer of known size) */
/* args: -x errtags */
int p;
BEGIN { p -= alloca(10); exit(0); }
