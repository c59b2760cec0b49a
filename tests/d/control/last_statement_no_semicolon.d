/* proves: the last statement of a clause needs no semicolon */
#pragma D option quiet

BEGIN
{
	printf("ok\n");
	exit(0)
}
