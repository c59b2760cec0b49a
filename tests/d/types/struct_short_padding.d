/* proves: short members are 2-byte aligned and a D-declared struct ends at its last member */
#pragma D option quiet

struct t { char a; short b; char c; };

BEGIN
{
	printf("%d %d %d %d\n", sizeof(struct t), offsetof(struct t, a), offsetof(struct t, b), offsetof(struct t, c));
	exit(0);
}

