/* proves: inet_ntop(AF_INET6) prints an IPv4-compatible address (first 96 bits zero, not :: or ::1) with a dotted quad */
#pragma D option quiet
BEGIN
{
	a = (uint32_t *)alloca(16);
	a[0] = 0; a[1] = 0; a[2] = 0; a[3] = 0x0100007f;
	printf("%s\n", inet_ntop(10, a));
	a[3] = 0x01000000;
	printf("%s\n", inet_ntop(10, a));
	a[3] = 0;
	printf("%s\n", inet_ntop(10, a));
	exit(0);
}
