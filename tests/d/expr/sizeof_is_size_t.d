/* proves: sizeof yields a size_t */
#pragma D option quiet

BEGIN
{
	printf("%d\n", sizeof(sizeof(int)));
	exit(0);
}
