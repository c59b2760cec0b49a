/* proves: index() and rindex() find overlapping matches at the first and last possible offset */
#pragma D option quiet
BEGIN
{
	printf("%d %d\n", index("aaa", "aa"), rindex("aaa", "aa"));
	printf("%d %d\n", index("mississippi", "issi"), rindex("mississippi", "issi"));
	exit(0);
}
