/* proves: the exit-time print skips aggregations printa showed and prints the rest in order of first use */
#pragma D option quiet
BEGIN
{
	@a["x"] = count();
	@b["y"] = count();
	@c["z"] = count();
	exit(0);
}

END
{
	printa(@b);
}
