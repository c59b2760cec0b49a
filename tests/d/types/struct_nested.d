/* proves: a nested D-declared struct is aligned as its first member (libctf rule, as DTrace) */
#pragma D option quiet

struct in { int x; long y; };
struct out { char c; struct in i; int z; };

BEGIN
{
	printf("%d %d %d %d\n", sizeof(struct in), sizeof(struct out), offsetof(struct out, i), offsetof(struct out, z));
	exit(0);
}

