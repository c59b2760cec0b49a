/* proves: comparison and logical results are int */
#pragma D option quiet

BEGIN
{
	x = 1LL;
	printf("%d %d %d\n", sizeof(x < 2LL), sizeof(x && x), sizeof(!x));
	exit(0);
}
