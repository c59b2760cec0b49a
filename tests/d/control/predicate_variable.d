/* proves: a predicate reads a variable set by an earlier clause */
#pragma D option quiet

BEGIN
{
	x = 3;
}

BEGIN
/x == 3/
{
	printf("three\n");
}

BEGIN
/x == 4/
{
	printf("four\n");
}

BEGIN
{
	exit(0);
}

