/* proves: long mixed with unsigned int stays signed long */
#pragma D option quiet

BEGIN
{
	printf("%d %d\n", sizeof(1L + 1U), (-1L + 0U) < 0);
	exit(0);
}
