/* proves: a pointer cast to uintptr_t traces as 8 bytes */
BEGIN
{
	p = (void *)0x1000;
	trace((uintptr_t)p);
	exit(0);
}
