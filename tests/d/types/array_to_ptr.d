/* proves: an array may be assigned to a pointer to its element type */
#pragma D option quiet

int a[2];
int *p;

BEGIN
{
	a[1] = 7;
	p = a;
	printf("%d\n", p[1]);
	exit(0);
}
