/* proves: -- below zero */
#pragma D option quiet

BEGIN
{
	x = 0;
	x--;
	printf("%d\n", x);
	exit(0);
}
