/* proves: strtoll() with base 1 is an illegal operation */
#pragma D option quiet

BEGIN
{
	printf("%d\n", strtoll("10", 1));
}

BEGIN
{
	printf("%d\n", strtoll("10", 36));
	exit(0);
}
