/* proves: left shift of ints */
#pragma D option quiet

BEGIN
{
	printf("%d %d\n", 1 << 10, 3 << 4);
	exit(0);
}
