/* proves: a string comparison used as a ?: condition */
#pragma D option quiet

BEGIN
{
	s = "b";
	printf("%s\n", s < "c" ? "before" : "after");
	exit(0);
}
