/* proves: ?: evaluates only the selected operand */
#pragma D option quiet

BEGIN
{
	x = 0;
	y = 1;
	r = y ? 5 : 10 / x;
	printf("%d\n", r);
	exit(0);
}
