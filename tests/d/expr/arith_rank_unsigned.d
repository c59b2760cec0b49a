/* proves: at equal width the unsigned operand wins (rank = bits + 1 if unsigned), so char + unsigned char is unsigned char */
#pragma D option quiet
char a;
unsigned char b;
BEGIN { a = -1; b = 0; printf("%d %d\n", a + b, b + a); exit(0); }
