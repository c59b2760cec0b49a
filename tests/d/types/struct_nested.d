/* proves: a nested struct is aligned as its widest member */
#pragma D option quiet

struct in { int x; long y; };
struct out { char c; struct in i; int z; };

BEGIN
{
	printf("%d %d %d %d\n", sizeof(struct in), sizeof(struct out), offsetof(struct out, i), offsetof(struct out, z));
	exit(0);
}

