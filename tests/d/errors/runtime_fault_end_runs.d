/* proves: after a fault, exit() and END still work */
#pragma D option quiet

int y;

BEGIN
{
	x = 1 / y;
}

BEGIN
{
	exit(2);
}

END
{
	printf("end\n");
}

