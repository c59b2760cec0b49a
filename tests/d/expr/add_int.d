/* proves: integer addition */
#pragma D option quiet

BEGIN
{
	printf("%d\n", 2 + 3);
	exit(0);
}
