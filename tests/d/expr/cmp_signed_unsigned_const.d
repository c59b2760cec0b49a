/* proves: -1 compared with an unsigned int constant is compared as unsigned */
#pragma D option quiet

BEGIN
{
	printf("%d %d\n", -1 < 1U, -1 > 1U);
	exit(0);
}
