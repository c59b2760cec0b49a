/* proves: a declared scalar array: elements start at 0 and can be stored */
#pragma D option quiet

int a[8];

BEGIN
{
	a[0] = 5;
	a[7] = 3;
	printf("%d %d %d\n", a[0], a[7], a[3]);
	exit(0);
}

