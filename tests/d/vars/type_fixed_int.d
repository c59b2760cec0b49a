/* proves: the first assignment fixes an int type; a later long long value is narrowed */
#pragma D option quiet

BEGIN
{
	x = 1;
	x = 4294967297LL;
	printf("%d %d\n", x, sizeof(x));
	exit(0);
}
