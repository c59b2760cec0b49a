/* proves: subroutine results compose: substr of strjoin, index into toupper, lltostr of strlen, basename of cleanpath */
#pragma D option quiet
BEGIN
{
	printf("%s\n", substr(strjoin("hello, ", "world"), 7));
	printf("%d\n", index(toupper("abcdef"), "CD"));
	printf("%s\n", lltostr(strlen("twelve chars"), 16));
	printf("%s\n", basename(cleanpath("/a/b/../c//d.txt")));
	printf("%s\n", dirname(cleanpath("/a/b/../c//d.txt")));
	exit(0);
}
