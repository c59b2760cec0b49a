/* proves: inet_ntoa() prints the dotted quad of an address stored in network byte order */
#pragma D option quiet
BEGIN
{
	this->a = (ipaddr_t *)alloca(sizeof (ipaddr_t));
	*this->a = htonl(0xc0a80001);
	printf("%s\n", inet_ntoa(this->a));
	*this->a = htonl(0x7f000001);
	printf("%s\n", inet_ntoa(this->a));
	*this->a = 0;
	printf("%s\n", inet_ntoa(this->a));
	*this->a = 0xffffffff;
	printf("%s\n", inet_ntoa(this->a));
	exit(0);
}
