/* proves: struct member offsets and size follow C alignment */
#pragma D option quiet

struct s { char a; int b; long c; };

BEGIN
{
	printf("%d %d %d %d\n", sizeof(struct s), offsetof(struct s, a), offsetof(struct s, b), offsetof(struct s, c));
	exit(0);
}

