/* proves: shift count taken from a variable */
#pragma D option quiet

BEGIN
{
	n = 3;
	printf("%d %d\n", 1 << n, 64 >> n);
	exit(0);
}
