/* proves: ++ on a char holding 127 wraps to -128 */
#pragma D option quiet

BEGIN
{
	c = (char)127;
	c++;
	printf("%d\n", c);
	exit(0);
}
