/* proves: strings built at run time compare by contents */
#pragma D option quiet

BEGIN
{
	s = strjoin("ab", "c");
	printf("%d %d %d\n", s == "abc", s < "abd", s > "abb");
	exit(0);
}
