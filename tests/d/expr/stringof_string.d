/* proves: stringof of a string yields the same string */
#pragma D option quiet

BEGIN
{
	s = "xyz";
	printf("%s %s\n", stringof(s), stringof("abc"));
	exit(0);
}
