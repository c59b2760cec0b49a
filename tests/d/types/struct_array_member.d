/* proves: an array member occupies its full size */
#pragma D option quiet

struct a { char buf[5]; int n; };

BEGIN
{
	printf("%d %d\n", sizeof(struct a), offsetof(struct a, n));
	exit(0);
}

