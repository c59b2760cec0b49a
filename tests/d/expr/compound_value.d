/* proves: a compound assignment yields the new value */
#pragma D option quiet

BEGIN
{
	x = 1;
	y = (x += 4);
	printf("%d %d\n", x, y);
	exit(0);
}
