/* proves: |=, &= and ^= */
#pragma D option quiet

BEGIN
{
	x = 12;
	x |= 3;
	a = x;
	x &= 10;
	b = x;
	x ^= 15;
	printf("%d %d %d\n", a, b, x);
	exit(0);
}
