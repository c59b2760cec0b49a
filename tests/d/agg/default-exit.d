/* proves: at exit the normal records come first, then dtrace's "\n", then every aggregation in order of appearance, sorted, histograms with their blank line */
BEGIN
{
	@a["x"] = count();
	@a["y"] = count();
	@a["y"] = count();
	@s = sum(5);
	@q = quantize(3);
	exit(0);
}
