/* proves: right shift of an unsigned long long is logical */
#pragma D option quiet

BEGIN
{
	x = 0xff00000000000000ULL;
	printf("%x\n", x >> 56);
	exit(0);
}
