/* proves: tuple keys built from variables */
#pragma D option quiet

BEGIN
{
	i = 3;
	s = "k";
	a[i, s] = 30;
	printf("%d %d\n", a[3, "k"], a[i + 1, s]);
	exit(0);
}
