/* proves: -2147483648 is a negated long constant */
#pragma D option quiet

BEGIN
{
	printf("%d %d\n", sizeof(-2147483648), -2147483648);
	exit(0);
}
