/* proves: pointer arithmetic scales by the pointed-to size */
#pragma D option quiet

BEGIN
{
	p = (int *)0x1000;
	q = (long *)0x1000;
	printf("%x %x %x\n", (uintptr_t)(p + 1), (uintptr_t)(q + 2), (uintptr_t)((char *)0x1000 + 3));
	exit(0);
}
