/* proves: multiplication binds tighter than addition; parentheses override */
#pragma D option quiet

BEGIN
{
	printf("%d %d\n", 2 + 3 * 4, (2 + 3) * 4);
	exit(0);
}
