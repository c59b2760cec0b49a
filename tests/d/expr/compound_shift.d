/* proves: <<= and >>= */
#pragma D option quiet

BEGIN
{
	x = 3;
	x <<= 4;
	a = x;
	x >>= 2;
	printf("%d %d\n", a, x);
	exit(0);
}
