/* proves: pointer members are 8 bytes and 8-aligned */
#pragma D option quiet

struct n { int v; struct n *next; };

BEGIN
{
	printf("%d %d\n", sizeof(struct n), offsetof(struct n, next));
	exit(0);
}

