/* proves: strjoin() whose result does not fit strsize faults with out of scratch space; the clause is dropped, later clauses run */
#pragma D option quiet
#pragma D option strsize=16

BEGIN
{
	printf("%s\n", strjoin("0123456789", "abcdefgh"));
}

BEGIN
{
	printf("%s\n", strjoin("0123456", "abcdefg"));
	exit(0);
}
