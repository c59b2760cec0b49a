/* proves: -1LL compared with 0ULL is compared as unsigned */
#pragma D option quiet

BEGIN
{
	x = -1LL;
	y = 0ULL;
	printf("%d %d\n", x > y, x < y);
	exit(0);
}
