/* proves: epid numbers the clauses from 1 in program order */
BEGIN
{
	trace(epid);
}
BEGIN
{
	trace(epid);
	exit(0);
}
