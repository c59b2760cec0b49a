/* proves: string < compares bytes; a prefix sorts first */
#pragma D option quiet

BEGIN
{
	printf("%d %d %d\n", "abc" < "abd", "abd" < "abc", "abc" < "abcd");
	exit(0);
}
