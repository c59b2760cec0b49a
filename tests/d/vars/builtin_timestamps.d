/* proves: timestamp is positive and walltimestamp is after 2020 */
#pragma D option quiet

BEGIN
{
	printf("%d %d\n", timestamp > 0, walltimestamp > 1600000000000000000);
	exit(0);
}
