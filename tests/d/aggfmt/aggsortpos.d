/* proves: aggsortpos=1 sorts a joined printa by the second aggregation's values */
#pragma D option quiet
#pragma D option aggsortpos=1
BEGIN
{
	@a["x"] = sum(3);
	@a["y"] = sum(1);
	@a["z"] = sum(2);
	@b["x"] = sum(1);
	@b["y"] = sum(2);
	@b["z"] = sum(3);
	exit(0);
}

END
{
	printa(@a, @b);
}
