/* proves: a typedef of a typedef */
#pragma D option quiet

typedef int a_t;
typedef a_t b_t;

BEGIN
{
	x = (b_t)-1;
	printf("%d %d\n", sizeof(b_t), x);
	exit(0);
}

