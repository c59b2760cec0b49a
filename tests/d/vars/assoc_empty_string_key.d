/* proves: the empty string is a valid key */
#pragma D option quiet

BEGIN
{
	a[""] = 4;
	printf("%d %d\n", a[""], a["x"]);
	exit(0);
}
