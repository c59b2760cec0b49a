/* proves: a narrowing cast at run time yields a negative value in comparisons */
#pragma D option quiet

BEGIN
{
	x = 255;
	printf("%d %d\n", (char)x < 0, (unsigned char)x > 0);
	exit(0);
}
