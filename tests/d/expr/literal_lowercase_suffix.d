/* proves: lower-case u, ul and ll suffixes */
#pragma D option quiet

BEGIN
{
	printf("%d %d %d\n", sizeof(1u), sizeof(1ul), sizeof(1ll));
	exit(0);
}
