/* proves: 64-bit unsigned and signed division */
#pragma D option quiet

BEGIN
{
	x = 18446744073709551615ULL;
	y = -1LL;
	printf("%u %d\n", x / 2, y / 2);
	exit(0);
}
