/* proves: && and || give 0 or 1 */
#pragma D option quiet

BEGIN
{
	printf("%d %d %d %d\n", 1 && 0, 1 && 2, 0 || 0, 0 || 3);
	exit(0);
}
