/* proves: a pointer to an incompatible type is refused for a typed pointer parameter (int * for in6_addr_t *) */
/* args: -x errtags */
int *ip;
BEGIN { x = inet_ntoa6(ip); exit(0); }
ERROR { exit(1); }
