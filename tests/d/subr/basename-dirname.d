/* proves: basename() and dirname() behave as the shell commands, trailing and repeated slashes included */
#pragma D option quiet
BEGIN
{
	printf("[%s][%s]\n", basename("/usr/lib/libc.so.6"), dirname("/usr/lib/libc.so.6"));
	printf("[%s][%s]\n", basename("/usr/lib/"), dirname("/usr/lib/"));
	printf("[%s][%s]\n", basename("a//b//"), dirname("a//b//"));
	printf("[%s][%s]\n", basename("/usr"), dirname("/usr"));
	printf("[%s][%s]\n", basename("file"), dirname("file"));
	exit(0);
}
