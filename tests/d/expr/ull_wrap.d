/* proves: unsigned long long wraps to zero */
#pragma D option quiet

BEGIN
{
	x = 18446744073709551615ULL;
	x = x + 1;
	printf("%u\n", x);
	exit(0);
}
