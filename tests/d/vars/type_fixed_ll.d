/* proves: the first assignment fixes a long long type; a later int value keeps 8 bytes */
#pragma D option quiet

BEGIN
{
	x = 1LL;
	x = 2;
	printf("%d %d\n", x, sizeof(x));
	exit(0);
}
