/* proves: a typedef of a struct works with sizeof and offsetof */
#pragma D option quiet

struct p { int x; int y; };
typedef struct p p_t;

BEGIN
{
	printf("%d %d\n", sizeof(p_t), offsetof(p_t, y));
	exit(0);
}

