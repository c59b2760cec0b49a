/* proves: a shift has its left operand's type, unpromoted: unsigned char 200 << 1 records 144 */
#pragma D option quiet
unsigned char c;
BEGIN { c = 200; printf("%d %d\n", c << 1, c << 1 > 255); exit(0); }
