/* proves: ++ on a new variable creates it as int64_t starting from 0 */
#pragma D option quiet

BEGIN
{
	x++;
	printf("%d %d\n", x, sizeof(x));
	exit(0);
}
