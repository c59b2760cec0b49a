/* proves: printa(@a, @b) prints keys once and one value column per aggregation, sorted by the first then the second, missing entries as 0 */
#pragma D option quiet
BEGIN
{
	@a["x"] = count();
	@a["x"] = count();
	@a["x"] = count();
	@a["w"] = count();
	@b["x"] = sum(10);
	@b["v"] = sum(5);
	exit(0);
}

END
{
	printa(@a, @b);
}
