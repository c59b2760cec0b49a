/* proves: division by zero at run time faults, the error is printed and tracing continues */
#pragma D option quiet

int y;

BEGIN
{
	x = 1 / y;
}

BEGIN
{
	printf("after\n");
	exit(0);
}

