/* proves: speculate() holds a clause's data until commit(), which prints it where the commit happens, exactly as if traced directly (the commit-only clause itself has no line) */
BEGIN
{
	s = speculation();
}

BEGIN
{
	speculate(s);
	trace("speculated");
}

BEGIN
{
	trace("before");
}

BEGIN
{
	commit(s);
}

BEGIN
{
	trace("after");
	exit(0);
}
