/* proves: 64-bit hex constant */
#pragma D option quiet

BEGIN
{
	printf("%x %d\n", 0x123456789abcdef0, sizeof(0x123456789abcdef0));
	exit(0);
}
