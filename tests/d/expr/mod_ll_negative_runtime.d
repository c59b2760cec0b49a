/* proves: 64-bit signed remainder of a negative value at run time */
#pragma D option quiet

BEGIN
{
	x = -10000000000LL;
	printf("%d %d\n", x % 7, x / 7);
	exit(0);
}
