/* proves: signed variable comparison across zero */
#pragma D option quiet

BEGIN
{
	x = -5;
	y = 3;
	printf("%d %d\n", x < y, y < x);
	exit(0);
}
