/* proves: inet_ntoa6() prints lower-case hex groups without leading zeros and compresses the longest zero run to :: */
#pragma D option quiet
BEGIN
{
	this->q = (uint64_t *)alloca(16);
	this->q[0] = htonll(0xfe80000000000000);
	this->q[1] = htonll(0x02144ffffe0b76c8);
	printf("%s\n", inet_ntoa6((void *)this->q));
	this->q[0] = htonll(0x0000000000000000);
	this->q[1] = htonll(0x0000000000000001);
	printf("%s\n", inet_ntoa6((void *)this->q));
	this->q[0] = htonll(0x0000000000000000);
	this->q[1] = htonll(0x0000000000000000);
	printf("%s\n", inet_ntoa6((void *)this->q));
	this->q[0] = htonll(0x20010db800000000);
	this->q[1] = htonll(0x0000000000000001);
	printf("%s\n", inet_ntoa6((void *)this->q));
	this->q[0] = htonll(0x0001000200030004);
	this->q[1] = htonll(0x0005000600070008);
	printf("%s\n", inet_ntoa6((void *)this->q));
	exit(0);
}
