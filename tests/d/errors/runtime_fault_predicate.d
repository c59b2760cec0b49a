/* proves: a fault in a predicate is reported as 'in predicate' and ERROR arg2 is 0 */
#pragma D option quiet

int y;

BEGIN
/10 % y == 0/
{
	printf("no\n");
}

ERROR
{
	printf("%d %d\n", arg1, arg2);
}

BEGIN
{
	printf("after\n");
	exit(0);
}

