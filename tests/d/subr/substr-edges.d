/* proves: substr(): an index before the start clips the length, a negative length past the start gives "" */
#pragma D option quiet
BEGIN
{
	printf("[%s][%s][%s]\n", substr("hello", -10), substr("hello", -10, 7), substr("hello", -10, 3));
	printf("[%s][%s]\n", substr("hello", 1, -10), substr("hello", -1, -1));
	exit(0);
}
