/* proves: with the default nspec=1 a second speculation() returns 0 and counts a failed speculation; data speculated to id 0 is silently dropped */
#pragma D option quiet

BEGIN
{
	a = speculation();
	b = speculation();
	printf("%d %d\n", a, b);
}

BEGIN
{
	speculate(b);
	printf("never\n");
}

BEGIN
{
	exit(0);
}
