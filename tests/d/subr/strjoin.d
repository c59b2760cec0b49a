/* proves: strjoin() concatenates, with empty strings on either side and nested */
#pragma D option quiet
BEGIN
{
	printf("[%s][%s][%s]\n", strjoin("foo", "bar"), strjoin("", "x"), strjoin("y", ""));
	printf("[%s]\n", strjoin(strjoin("a", "b"), strjoin("c", probename)));
	exit(0);
}
