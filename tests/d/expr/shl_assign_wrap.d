/* proves: <<= into the sign bit of an int */
#pragma D option quiet

BEGIN
{
	x = 0x40000000;
	x <<= 1;
	printf("%d\n", x);
	exit(0);
}
