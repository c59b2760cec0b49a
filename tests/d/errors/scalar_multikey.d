/* proves: a scalar array given two subscripts is D_ARR_BADREF "cannot access scalar" */
/* args: -x errtags */
int x[5];
BEGIN { x[1, 2] = 1; exit(0); }
