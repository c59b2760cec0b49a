/* proves: left shift of a long long past 32 bits */
#pragma D option quiet

BEGIN
{
	printf("%d\n", 1LL << 40);
	exit(0);
}
