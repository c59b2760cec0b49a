/* proves: a string global can be reassigned a shorter string */
#pragma D option quiet

BEGIN
{
	s = "longer string";
	s = "ab";
	printf("[%s] %d\n", s, s == "ab");
	exit(0);
}
