/* proves: %p prints hex without 0x, %#p adds it (but not for 0), widths and - apply */
#pragma D option quiet
BEGIN
{
	printf("[%p][%p][%p]\n", (void *)0, (void *)0xdeadbeef, (void *)0x7fff12345678);
	printf("[%#p][%#p]\n", (void *)0xdeadbeef, (void *)0);
	printf("[%12p][%-12p][%#12p]\n", (void *)0xabc, (void *)0xabc, (void *)0xabc);
	printf("[%p]\n", (uintptr_t)0x1000);
	exit(0);
}
