/* proves: aggsortrev reverses the sort of every aggregation and the order of the aggregations */
#pragma D option quiet
#pragma D option aggsortrev
BEGIN
{
	@first["c"] = sum(1);
	@first["a"] = sum(30);
	@first["b"] = sum(2);
	@second["x"] = count();
	@second["y"] = count();
	exit(0);
}
