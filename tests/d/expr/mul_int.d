/* proves: integer multiplication */
#pragma D option quiet

BEGIN
{
	printf("%d\n", 6 * 7);
	exit(0);
}
