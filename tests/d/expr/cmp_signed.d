/* proves: signed comparisons of constants */
#pragma D option quiet

BEGIN
{
	printf("%d %d %d\n", -1 < 1, -1 > 1, -1 == -1);
	exit(0);
}
