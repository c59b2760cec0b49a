/* proves: the comma operator evaluates its left operand first */
#pragma D option quiet

BEGIN
{
	y = 0;
	x = (y = 3, y + 1);
	printf("%d %d\n", x, y);
	exit(0);
}
