/* proves: associative array with string keys */
#pragma D option quiet

BEGIN
{
	a["foo"] = 1;
	a["bar"] = 2;
	printf("%d %d %d\n", a["foo"], a["bar"], a["baz"]);
	exit(0);
}
