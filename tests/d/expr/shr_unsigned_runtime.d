/* proves: right shift of an unsigned int is logical */
#pragma D option quiet

BEGIN
{
	x = 0x80000000;
	printf("%u %u\n", x >> 31, x >> 4);
	exit(0);
}
