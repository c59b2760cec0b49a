/* proves: unsigned int 0 - 1 wraps to UINT_MAX */
#pragma D option quiet

BEGIN
{
	x = 0U;
	x = x - 1;
	printf("%u\n", x);
	exit(0);
}
