/* proves: a long long narrowed to char keeps only the low byte */
#pragma D option quiet

BEGIN
{
	x = 0x1234567890abcdefLL;
	printf("%x %d\n", (unsigned char)x, sizeof((unsigned char)x));
	exit(0);
}
