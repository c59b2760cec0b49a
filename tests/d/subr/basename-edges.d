/* proves: basename and dirname of "/", "///" and "" are "/", "/" and "." */
#pragma D option quiet
BEGIN
{
	printf("[%s][%s]\n", basename("/"), dirname("/"));
	printf("[%s][%s]\n", basename("///"), dirname("///"));
	printf("[%s][%s]\n", basename(""), dirname(""));
	exit(0);
}
