/* proves: a predicate is evaluated after earlier clauses of the same firing have run */
#pragma D option quiet

BEGIN
{
	x = 0;
}

BEGIN
{
	x = 1;
}

BEGIN
/x == 1/
{
	printf("saw 1\n");
}

BEGIN
{
	exit(0);
}

