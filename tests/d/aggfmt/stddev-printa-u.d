/* proves: %@u of stddev and a zero stddev of equal values */
#pragma D option quiet
BEGIN
{
	@s["same"] = stddev(7);
	@s["same"] = stddev(7);
	@s["diff"] = stddev(10);
	@s["diff"] = stddev(30);
	exit(0);
}

END
{
	printa("%-5s %@u\n", @s);
}
