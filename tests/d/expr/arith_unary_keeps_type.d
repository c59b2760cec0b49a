/* proves: unary - and ~ keep their operand's type (no promotion to int), so -c and ~c of an unsigned char are unsigned char values */
#pragma D option quiet
unsigned char c;
BEGIN { c = 200; printf("%d %d\n", -c, ~c); exit(0); }
