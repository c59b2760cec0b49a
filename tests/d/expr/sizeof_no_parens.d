/* proves: sizeof applied to an expression without parentheses */
#pragma D option quiet

BEGIN
{
	x = 1;
	printf("%d\n", sizeof x);
	exit(0);
}
