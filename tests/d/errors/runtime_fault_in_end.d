/* proves: a fault in END is reported with END's probe id */
#pragma D option quiet

int y;

BEGIN
{
	exit(0);
}

END
{
	x = 1 / y;
}

END
{
	printf("end\n");
}

