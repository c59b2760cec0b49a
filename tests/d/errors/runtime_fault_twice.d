/* proves: each faulting firing reports its own error */
#pragma D option quiet

int y;

BEGIN
{
	x = 1 / y;
}

BEGIN
{
	z = 3 % y;
}

BEGIN
{
	printf("ok\n");
	exit(0);
}

