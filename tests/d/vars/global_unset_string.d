/* proves: a string global assigned only in a clause that never ran reads "" */
#pragma D option quiet

BEGIN
/0/
{
	s = "x";
}

BEGIN
{
	printf("[%s]\n", s);
	exit(0);
}

