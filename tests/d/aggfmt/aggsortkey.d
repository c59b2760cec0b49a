/* proves: aggsortkey sorts every aggregation by its keys instead of its values */
#pragma D option quiet
#pragma D option aggsortkey
BEGIN
{
	@["c"] = sum(1);
	@["a"] = sum(30);
	@["b"] = sum(2);
	@n[3] = sum(1);
	@n[1] = sum(9);
	exit(0);
}
