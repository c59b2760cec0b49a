/* proves: storing to an existing key replaces the value */
#pragma D option quiet

BEGIN
{
	a[5] = 1;
	a[5] = 2;
	printf("%d\n", a[5]);
	exit(0);
}
