/* proves: ++ on an unsigned char holding 255 wraps to 0 */
#pragma D option quiet

BEGIN
{
	c = (unsigned char)255;
	c++;
	printf("%d\n", c);
	exit(0);
}
