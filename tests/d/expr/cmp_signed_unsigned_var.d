/* proves: -1 compared with an unsigned int variable is compared as unsigned */
#pragma D option quiet

BEGIN
{
	x = -1;
	u = 1U;
	printf("%d %d\n", x < u, x > u);
	exit(0);
}
