/* proves: cleanpath() drops //, /./ and dir/../ but keeps names that only start with dots */
#pragma D option quiet
BEGIN
{
	printf("%s\n", cleanpath("/a//b/./c/../d"));
	printf("%s\n", cleanpath("//x"));
	printf("%s\n", cleanpath("/a/b/../../c"));
	printf("%s\n", cleanpath("/usr/./lib//x.so"));
	printf("%s\n", cleanpath("/a/.hidden/..b"));
	printf("%s\n", cleanpath("/already/clean"));
	exit(0);
}
