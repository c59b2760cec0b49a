/* proves: a program may declare its own struct in_addr, which shadows the predefined one, as D's own types shadow the system's */
#pragma D option quiet
struct in_addr { int x; int y; };
BEGIN { printf("%d\n", sizeof (struct in_addr)); exit(0); }
