/* proves: aggregating in several clauses of one firing accumulates into the same entry */
#pragma D option quiet
BEGIN
{
	@["k"] = sum(1);
}

BEGIN
{
	@["k"] = sum(10);
}

BEGIN
{
	@["k"] = sum(100);
	exit(0);
}
