/* proves: a global set in BEGIN is visible in END */
#pragma D option quiet

BEGIN
{
	x = 7;
	exit(0);
}

END
{
	printf("%d\n", x);
}

