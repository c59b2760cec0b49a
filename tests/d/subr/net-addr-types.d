/* proves: struct in_addr, struct in6_addr (Linux layout, in6_u.u6_addr8/16/32) and in6_addr_t are predefined and feed inet_ntop()/inet_ntoa6() */
#pragma D option quiet
BEGIN
{
	b = (struct in_addr *)alloca(sizeof (struct in_addr));
	b->s_addr = 0x0100007f;
	printf("%d %s\n", sizeof (struct in_addr), inet_ntop(AF_INET, b));
	a = (in6_addr_t *)alloca(sizeof (in6_addr_t));
	a->in6_u.u6_addr32[0] = 0;
	a->in6_u.u6_addr32[1] = 0;
	a->in6_u.u6_addr16[4] = 0;
	a->in6_u.u6_addr16[5] = 0xffff;
	a->in6_u.u6_addr32[3] = 0x0100007f;
	printf("%d %d %s %s\n", sizeof (struct in6_addr), a->in6_u.u6_addr8[12],
	    inet_ntoa6(a), inet_ntop(AF_INET6, a));
	exit(0);
}
