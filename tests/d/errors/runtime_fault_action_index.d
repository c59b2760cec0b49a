/* proves: the faulting statement is counted from 1 within its clause */
#pragma D option quiet

int y;

BEGIN
{
	x = 1;
	z = 2 / y;
}

BEGIN
{
	printf("%d\n", x);
	exit(0);
}

