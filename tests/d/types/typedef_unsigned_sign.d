/* proves: a typedef of an unsigned type keeps its signedness */
#pragma D option quiet

typedef unsigned int u_t;

BEGIN
{
	x = -1;
	printf("%u %d\n", (u_t)x, (u_t)x > 0);
	exit(0);
}

