/* proves: bitwise and, or, xor */
#pragma D option quiet

BEGIN
{
	printf("%d %d %d\n", 0xf0 | 0x0f, 0xff & 0x0f, 0xff ^ 0x0f);
	exit(0);
}
