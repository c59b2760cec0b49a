/* proves: signed division and remainder of variables at run time */
#pragma D option quiet

BEGIN
{
	a = -7;
	b = 2;
	printf("%d %d\n", a / b, a % b);
	exit(0);
}
