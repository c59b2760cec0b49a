/* proves: >>= on an unsigned int is logical */
#pragma D option quiet

BEGIN
{
	u = 0x80000000;
	u >>= 31;
	printf("%u\n", u);
	exit(0);
}
