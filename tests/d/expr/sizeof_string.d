/* proves: sizeof(string) is strsize, 256 by default */
#pragma D option quiet

BEGIN
{
	printf("%d\n", sizeof(string));
	exit(0);
}
