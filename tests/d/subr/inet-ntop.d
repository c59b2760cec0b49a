/* proves: inet_ntop() takes Linux's AF_INET (2) and AF_INET6 (10) */
#pragma D option quiet
BEGIN
{
	this->a = (ipaddr_t *)alloca(sizeof (ipaddr_t));
	*this->a = htonl(0x0a000102);
	printf("%s\n", inet_ntop(2, (void *)this->a));
	this->q = (uint64_t *)alloca(16);
	this->q[0] = htonll(0xfe80000000000000);
	this->q[1] = htonll(0x02144ffffe0b76c8);
	printf("%s\n", inet_ntop(10, (void *)this->q));
	this->q[0] = htonll(0x0000000000000000);
	this->q[1] = htonll(0x0000000000000001);
	printf("%s\n", inet_ntop(10, (void *)this->q));
	exit(0);
}
