/* proves: INT_MIN built as -2147483647 - 1 stays an int */
#pragma D option quiet

BEGIN
{
	x = -2147483647 - 1;
	printf("%d %d\n", x, sizeof(x));
	exit(0);
}
