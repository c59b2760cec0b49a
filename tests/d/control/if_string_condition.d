/* proves: an if condition comparing strings */
#pragma D option quiet

BEGIN
{
	s = "abc";
	if (s == "abc") {
		printf("match\n");
	}
	if (s == "abd") {
		printf("wrong\n");
	}
	exit(0);
}
