/* proves: printa with a format over two aggregations: keys feed the plain conversions, each %@ the next aggregation */
#pragma D option quiet
BEGIN
{
	@c["read"] = count();
	@c["read"] = count();
	@c["open"] = count();
	@s["read"] = sum(100);
	@s["open"] = sum(7);
	exit(0);
}

END
{
	printa("%-8s calls=%@d bytes=%@d\n", @c, @s);
}
