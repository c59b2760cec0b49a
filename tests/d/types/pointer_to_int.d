/* proves: a pointer converts to and from an integer */
#pragma D option quiet

BEGIN
{
	p = (void *)0x1000;
	printf("%d %d\n", (uintptr_t)p, sizeof(p));
	exit(0);
}
