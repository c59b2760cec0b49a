/* proves: printa in a non-quiet clause prints after the probe prefix, and the printed aggregation is left out at exit */
BEGIN
{
	@a["k"] = sum(3);
	@b = max(9);
	printa(@a);
	exit(0);
}
