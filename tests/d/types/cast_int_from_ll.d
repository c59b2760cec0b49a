/* proves: (int) and (unsigned int) of a 64-bit value */
#pragma D option quiet

BEGIN
{
	x = 4294967295LL;
	printf("%d %u\n", (int)x, (unsigned int)x);
	exit(0);
}
