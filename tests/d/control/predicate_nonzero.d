/* proves: any non-zero predicate value is true */
#pragma D option quiet

BEGIN
/42/
{
	printf("a\n");
}

BEGIN
/-1/
{
	printf("b\n");
}

BEGIN
{
	exit(0);
}

