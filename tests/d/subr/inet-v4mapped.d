/* proves: an IPv4-mapped IPv6 address: inet_ntop gives ::ffff:a.b.c.d, inet_ntoa6 just the IPv4 part */
#pragma D option quiet
BEGIN
{
	this->q = (uint64_t *)alloca(16);
	this->q[0] = 0;
	this->q[1] = htonll(0x0000ffffc0a80101);
	printf("%s\n", inet_ntop(10, (void *)this->q));
	printf("%s\n", inet_ntoa6((void *)this->q));
	exit(0);
}
