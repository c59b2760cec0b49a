/* proves: a fault fires ERROR with arg1 = epid, arg2 = action, arg4 = 4 (divide-by-zero) */
#pragma D option quiet

int y;

BEGIN
{
	x = 1 / y;
}

ERROR
{
	printf("%s %d %d %d %d\n", probename, id, arg1, arg2, arg4);
}

BEGIN
{
	printf("after\n");
	exit(0);
}

