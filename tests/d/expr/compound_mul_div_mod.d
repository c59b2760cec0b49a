/* proves: *=, /= and %= */
#pragma D option quiet

BEGIN
{
	x = 7;
	x *= 6;
	a = x;
	x /= 5;
	b = x;
	x %= 5;
	printf("%d %d %d\n", a, b, x);
	exit(0);
}
