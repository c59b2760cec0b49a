/* proves: commit() of data speculated on one CPU frees the id at once: the next speculation() gets it again, and commit order is output order */
#pragma D option quiet

BEGIN
{
	a = speculation();
}

BEGIN
{
	speculate(a);
	printf("first\n");
}

BEGIN
{
	commit(a);
}

BEGIN
{
	b = speculation();
}

BEGIN
{
	speculate(b);
	printf("second\n");
}

BEGIN
{
	printf("a=%d b=%d\n", a, b);
}

BEGIN
{
	commit(b);
}

BEGIN
{
	exit(0);
}
