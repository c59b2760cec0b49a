/* proves: speculate() holds a clause's data until commit(), which prints it after the committing clause's own line, exactly as if traced directly */
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
