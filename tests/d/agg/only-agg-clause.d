/* proves: a clause that only aggregates prints no probe line; the clause with exit() does */
BEGIN
{
	@n = count();
}

BEGIN
{
	@n = count();
	exit(0);
}
