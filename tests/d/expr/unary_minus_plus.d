/* proves: unary minus and plus on a variable */
#pragma D option quiet

BEGIN
{
	x = 5;
	printf("%d %d\n", -x, +x);
	exit(0);
}
