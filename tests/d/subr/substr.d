/* proves: substr(s, i[, n]): positive and negative index, length, past-the-end index */
#pragma D option quiet
BEGIN
{
	printf("[%s][%s][%s]\n", substr("hello", 1), substr("hello", 1, 3), substr("hello", 0, 5));
	printf("[%s][%s]\n", substr("hello", -3), substr("hello", -3, 2));
	printf("[%s][%s][%s]\n", substr("hello", 5), substr("hello", 10), substr("hello", 2, 100));
	printf("[%s][%s]\n", substr("hello", 1, -1), substr("hello", 0, -2));
	printf("[%s]\n", substr("hello", 0, 0));
	exit(0);
}
