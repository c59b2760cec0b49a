/* proves: 64-bit unsigned remainder at run time */
#pragma D option quiet

BEGIN
{
	x = 18446744073709551615ULL;
	printf("%u\n", x % 10);
	exit(0);
}
