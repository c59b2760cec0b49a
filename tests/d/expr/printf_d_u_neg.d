/* proves: %d prints -1, %u prints it at int width */
#pragma D option quiet

BEGIN
{
	printf("%d %u\n", -1, -1);
	exit(0);
}
