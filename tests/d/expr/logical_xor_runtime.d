/* proves: ^^ on variables normalises non-zero to true */
#pragma D option quiet

BEGIN
{
	a = 7;
	b = 0;
	c = 3;
	printf("%d %d %d\n", a ^^ b, a ^^ c, b ^^ b);
	exit(0);
}
