/* proves: <= and >= hold on equality */
#pragma D option quiet

BEGIN
{
	x = 5;
	printf("%d %d %d %d\n", x <= 5, x >= 5, x < 5, x > 5);
	exit(0);
}
