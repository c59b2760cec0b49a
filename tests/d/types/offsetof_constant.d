/* proves: offsetof is an integer constant, usable as an array dimension */
#pragma D option quiet
struct pair { long a; int b; };
int slots[offsetof(struct pair, b)];
BEGIN { printf("%d\n", sizeof(slots)); exit(0); }
