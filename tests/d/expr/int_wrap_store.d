/* proves: int overflow wraps when stored back into an int variable */
#pragma D option quiet

BEGIN
{
	x = 2147483647;
	x = x + 1;
	printf("%d\n", x);
	exit(0);
}
