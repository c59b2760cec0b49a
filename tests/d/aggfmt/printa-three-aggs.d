/* proves: printa of three aggregations of different functions prints one column each, keys once */
#pragma D option quiet
BEGIN
{
	@c["k"] = count();
	@c["k"] = count();
	@s["k"] = sum(-4);
	@m["k"] = max(9);
	@c["j"] = count();
	@s["j"] = sum(8);
	@m["j"] = max(-1);
	exit(0);
}

END
{
	printa(@c, @s, @m);
}
