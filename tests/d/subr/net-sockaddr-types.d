/* proves: struct sockaddr, sockaddr_in and sockaddr_in6 are predefined with Linux layouts (sizes 16, 16, 28; member offsets as <netinet/in.h>), usable with htons/ntohs and inet_ntop */
#pragma D option quiet
BEGIN
{
	printf("%d %d %d\n", sizeof (struct sockaddr), sizeof (struct sockaddr_in), sizeof (struct sockaddr_in6));
	printf("%d %d %d %d\n", offsetof(struct sockaddr_in, sin_port), offsetof(struct sockaddr_in, sin_addr), offsetof(struct sockaddr_in6, sin6_addr), offsetof(struct sockaddr_in6, sin6_scope_id));
	s = (struct sockaddr_in *)alloca(sizeof (struct sockaddr_in));
	s->sin_family = AF_INET;
	s->sin_port = htons(8080);
	s->sin_addr.s_addr = 0x0100007f;
	printf("%d %d %s\n", s->sin_family, ntohs(s->sin_port), inet_ntop(AF_INET, &s->sin_addr));
	s6 = (struct sockaddr_in6 *)alloca(sizeof (struct sockaddr_in6));
	s6->sin6_addr.in6_u.u6_addr32[3] = 0x01000000;
	printf("%s %d\n", inet_ntop(AF_INET6, &s6->sin6_addr), sizeof (ipaddr_t));
	exit(0);
}
