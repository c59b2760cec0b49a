/* proves: with nspec=2 two speculations are independent and print in commit order, not in the order they were speculated */
/* args: -x nspec=2 */
#pragma D option quiet

BEGIN
{
	a = speculation();
	b = speculation();
}

BEGIN
{
	speculate(a);
	printf("a1 %d\n", a);
}

BEGIN
{
	speculate(b);
	printf("b1 %d\n", b);
}

BEGIN
{
	speculate(a);
	printf("a2\n");
}

BEGIN
{
	commit(b);
}

BEGIN
{
	printf("between\n");
}

BEGIN
{
	commit(a);
}

BEGIN
{
	exit(0);
}
