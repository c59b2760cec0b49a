/* proves: a declared string global reads as the empty string */
#pragma D option quiet

string s;

BEGIN
{
	printf("[%s]\n", s);
	exit(0);
}

