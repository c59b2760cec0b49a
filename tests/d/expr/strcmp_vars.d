/* proves: string comparison of variables */
#pragma D option quiet

BEGIN
{
	s = "hello";
	t = "help";
	printf("%d %d %d\n", s < t, s > t, s == "hello");
	exit(0);
}
