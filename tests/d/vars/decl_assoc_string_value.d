/* proves: a declared associative array of strings */
#pragma D option quiet

string names[int];

BEGIN
{
	names[1] = "one";
	printf("%s %d\n", names[1], names[2] == NULL);
	exit(0);
}

