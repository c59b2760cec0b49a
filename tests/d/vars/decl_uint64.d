/* proves: a declared uint64_t global holds full 64-bit unsigned values */
#pragma D option quiet

uint64_t u;

BEGIN
{
	u = 18446744073709551615ULL;
	printf("%u %d\n", u, sizeof(u));
	exit(0);
}

