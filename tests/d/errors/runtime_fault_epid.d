/* proves: the error line names the epid of the faulting clause */
#pragma D option quiet

int y;

BEGIN
{
	printf("first\n");
}

BEGIN
{
	x = 1 / y;
}

BEGIN
{
	exit(0);
}

