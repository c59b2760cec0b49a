/* proves: pre-decrement yields the new value */
#pragma D option quiet

BEGIN
{
	x = 5;
	y = --x;
	printf("%d %d\n", x, y);
	exit(0);
}
