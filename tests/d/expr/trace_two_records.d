/* proves: two trace() records in one firing share one line */
BEGIN
{
	trace(1);
	trace("a");
	exit(0);
}
