/* proves: D`name and struct D`tag (and C`) name the script's own types, as DTrace's D and C type modules */
#pragma D option quiet
typedef struct pairq { int a; int b; } pairq_t;
struct single { long v; };
BEGIN
{
	p = (D`pairq_t *)alloca(sizeof (D`pairq_t));
	p->b = 7;
	printf("%d %d %d\n", p->b, sizeof (struct D`single), sizeof (C`pairq_t));
	exit(0);
}
