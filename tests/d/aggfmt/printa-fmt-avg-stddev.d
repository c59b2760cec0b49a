/* proves: %@d of avg prints the average and %@d of stddev the standard deviation */
#pragma D option quiet
BEGIN
{
	@a["k"] = avg(10);
	@a["k"] = avg(21);
	@s["k"] = stddev(2);
	@s["k"] = stddev(6);
	exit(0);
}

END
{
	printa("%s avg %@d\n", @a);
	printa("%s sd %@d\n", @s);
}
