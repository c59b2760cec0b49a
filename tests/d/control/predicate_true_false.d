/* proves: a true predicate runs the clause, a false one skips it */
#pragma D option quiet

BEGIN
/1/
{
	printf("t\n");
}

BEGIN
/0/
{
	printf("f\n");
}

BEGIN
{
	exit(0);
}

