/* proves: wide and suffixed constants */
#pragma D option quiet

BEGIN
{
	printf("%d %d %d %d %d %d %d\n", sizeof(0x100000000), sizeof(4294967295), sizeof(1U), sizeof(1L), sizeof(1UL), sizeof(1LL), sizeof(1ULL));
	exit(0);
}
