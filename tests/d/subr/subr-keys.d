/* proves: subroutine results work as aggregation keys and in predicates */
#pragma D option quiet
BEGIN
{
	@[basename("/x/y/z.c")] = count();
	@[toupper("k")] = count();
	@[toupper("k")] = count();
}

BEGIN
/strlen(strjoin("ab", "c")) == 3/
{
	exit(0);
}
