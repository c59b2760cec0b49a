/* proves: three-element tuple keys */
#pragma D option quiet

BEGIN
{
	a["x", 1, 2LL] = 3;
	printf("%d %d\n", a["x", 1, 2LL], a["x", 1, 3LL]);
	exit(0);
}
