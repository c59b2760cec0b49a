/* proves: an id discarded before anything was speculated stays busy until the cleaner runs, so speculation() fails with "still busy" */
#pragma D option quiet

BEGIN
{
	a = speculation();
}

BEGIN
{
	discard(a);
}

BEGIN
{
	b = speculation();
	printf("%d %d\n", a, b);
	exit(0);
}
