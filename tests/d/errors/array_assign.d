/* proves: assigning a whole array is D_OP_ARRFUN */
/* args: -x errtags */
int a[3];
int b[3];
BEGIN { b = a; exit(0); }
