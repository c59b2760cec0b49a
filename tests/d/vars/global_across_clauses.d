/* proves: a global keeps its value across clauses */
#pragma D option quiet

BEGIN
{
	x = 5;
}

BEGIN
{
	printf("%d\n", x);
	exit(0);
}

