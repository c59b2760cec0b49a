/* proves: a fault drops everything the clause recorded in that firing */
#pragma D option quiet

int y;

BEGIN
{
	printf("before\n");
	z = 2 / y;
	printf("no\n");
}

BEGIN
{
	printf("after\n");
	exit(0);
}

