/* proves: register is the one storage class an array signature's parameter may have */
#pragma D option quiet
int x[register int];
BEGIN { x[1] = 2; printf("%d\n", x[1]); exit(0); }
