/* proves: a global assigned only in a clause that never ran reads 0 */
#pragma D option quiet

BEGIN
/0/
{
	x = 5;
}

BEGIN
{
	printf("%d\n", x);
	exit(0);
}

