/* proves: index() and rindex() with a start position: index clamps a negative start to 0, rindex searches backwards from it */
#pragma D option quiet
BEGIN
{
	printf("%d %d %d\n", index("abab", "ab", 1), index("abab", "ab", -5), index("abab", "ab", 4));
	printf("%d %d %d\n", rindex("abab", "ab", 1), rindex("abab", "ab", 99), rindex("abab", "ab", -1));
	printf("%d %d\n", index("abab", "b", 2), rindex("abab", "b", 2));
	exit(0);
}
