/* proves: index() and rindex() return the first and last offset of a substring or -1 */
#pragma D option quiet
BEGIN
{
	printf("%d %d\n", index("hello hello", "llo"), rindex("hello hello", "llo"));
	printf("%d %d\n", index("abc", "z"), rindex("abc", "z"));
	printf("%d %d\n", index("abc", "abc"), rindex("abc", "c"));
	printf("%d %d %d\n", index("abc", ""), rindex("abc", ""), index("", "a"));
	exit(0);
}
