/* proves: discard() drops a speculation's data, which is never printed */
#pragma D option quiet

BEGIN
{
	s = speculation();
}

BEGIN
{
	speculate(s);
	printf("speculated\n");
}

BEGIN
{
	discard(s);
}

BEGIN
{
	printf("done\n");
	exit(0);
}
