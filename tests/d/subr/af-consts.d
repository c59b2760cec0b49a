/* proves: AF_INET and AF_INET6 are predefined with Linux's values and feed inet_ntop() */
#pragma D option quiet
BEGIN
{
	a = (uint32_t *)alloca(16);
	a[0] = 0x0100007f;
	printf("%d %d %s\n", AF_INET, AF_INET6, inet_ntop(AF_INET, a));
	exit(0);
}
