/* proves: += and -= */
#pragma D option quiet

BEGIN
{
	x = 10;
	x += 5;
	a = x;
	x -= 3;
	printf("%d %d\n", a, x);
	exit(0);
}
