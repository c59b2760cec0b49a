/* proves: a hex ll constant above LLONG_MAX is unsigned long long, not an overflow */
#pragma D option quiet

BEGIN
{
	printf("%x\n", 0xabcdef0123456789ll);
	exit(0);
}
