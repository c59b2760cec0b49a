/* proves: ++ on INT_MAX wraps to INT_MIN */
#pragma D option quiet

BEGIN
{
	x = 2147483647;
	x++;
	printf("%d\n", x);
	exit(0);
}
