/* proves: a predicate may create a variable that the actions use */
#pragma D option quiet

BEGIN
/x++ == 0/
{
	printf("%d\n", x);
	exit(0);
}

