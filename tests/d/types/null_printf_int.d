/* proves: NULL passes printf's integer conversions (it is an integer, not void *) */
#pragma D option quiet

BEGIN
{
	printf("%u\n", NULL);
	exit(0);
}
