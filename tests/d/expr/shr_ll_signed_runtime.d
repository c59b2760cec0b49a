/* proves: right shift of a negative long long is arithmetic */
#pragma D option quiet

BEGIN
{
	x = -256LL;
	printf("%d\n", x >> 4);
	exit(0);
}
