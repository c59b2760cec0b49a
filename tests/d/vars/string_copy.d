/* proves: string assignment copies the value */
#pragma D option quiet

BEGIN
{
	s = "hello";
	t = s;
	s = "world";
	printf("%s %s\n", t, s);
	exit(0);
}
