/* proves: a clause whose data does not fit in specsize is dropped and counted as a speculative drop; what fits is committed */
#pragma D option quiet
#pragma D option specsize=200

BEGIN
{
	s = speculation();
}

BEGIN
{
	speculate(s);
	printf("%d\n", 1);
}

BEGIN
{
	speculate(s);
	printf("%s\n", "big 1");
}

BEGIN
{
	speculate(s);
	printf("%d\n", 2);
}

BEGIN
{
	speculate(s);
	printf("%s\n", "big 2");
}

BEGIN
{
	speculate(s);
	printf("%s\n", "big 3");
}

BEGIN
{
	speculate(s);
	printf("%s\n", "big 4");
}

BEGIN
{
	commit(s);
}

BEGIN
{
	exit(0);
}
