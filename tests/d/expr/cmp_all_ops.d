/* proves: all six relational operators on ints */
#pragma D option quiet

BEGIN
{
	x = 3;
	y = 5;
	printf("%d%d%d%d%d%d\n", x < y, x <= y, x > y, x >= y, x == y, x != y);
	exit(0);
}
