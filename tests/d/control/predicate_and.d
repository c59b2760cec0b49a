/* proves: a predicate combining two conditions */
#pragma D option quiet

BEGIN
{
	a = 1;
	b = 2;
}

BEGIN
/a == 1 && b == 2/
{
	printf("both\n");
}

BEGIN
/a != 1 || b != 2/
{
	printf("neither\n");
}

BEGIN
{
	exit(0);
}

