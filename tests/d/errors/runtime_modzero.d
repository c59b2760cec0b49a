/* proves: remainder by zero at run time is a divide-by-zero fault */
#pragma D option quiet

int y;

BEGIN
{
	x = 5 % y;
}

BEGIN
{
	printf("after\n");
	exit(0);
}

