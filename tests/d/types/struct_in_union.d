/* proves: a struct member inside a union */
#pragma D option quiet

struct p { int x; int y; };
union w { struct p pt; long l; };

BEGIN
{
	printf("%d %d\n", sizeof(union w), offsetof(union w, pt));
	exit(0);
}

