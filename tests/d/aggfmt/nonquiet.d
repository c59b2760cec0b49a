/* proves: without -q the exit() firing prints its prefix line, then the blank line and the aggregation */
BEGIN
{
	@["k"] = count();
	exit(0);
}
