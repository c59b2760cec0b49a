/* proves: an empty string variable compares equal to "" */
#pragma D option quiet

BEGIN
{
	s = "";
	printf("%d %d\n", s == "", s < "x");
	exit(0);
}
