/* proves: int mixed with unsigned long is unsigned long */
#pragma D option quiet

BEGIN
{
	printf("%d %d\n", sizeof(0UL + -1), (0UL + -1) > 0);
	exit(0);
}
