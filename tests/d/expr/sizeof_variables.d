/* proves: sizeof of variables follows their first-assigned types */
#pragma D option quiet

BEGIN
{
	x = 1;
	y = 1LL;
	s = "a";
	printf("%d %d %d\n", sizeof(x), sizeof(y), sizeof(s));
	exit(0);
}
