/* proves: int mixed with unsigned int is unsigned */
#pragma D option quiet

BEGIN
{
	printf("%u %d\n", 1U - 2, (1U - 2) > 0);
	exit(0);
}
