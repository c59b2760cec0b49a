/* proves: string == and != compare contents */
#pragma D option quiet

BEGIN
{
	printf("%d %d %d\n", "abc" == "abc", "abc" != "abc", "abc" == "abd");
	exit(0);
}
