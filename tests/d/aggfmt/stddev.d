/* proves: stddev() is the integer square root of mean square minus squared mean and sorts by that value */
#pragma D option quiet
BEGIN
{
	@["s"] = stddev(2);
	@["s"] = stddev(4);
	@["s"] = stddev(4);
	@["s"] = stddev(4);
	@["s"] = stddev(5);
	@["s"] = stddev(5);
	@["s"] = stddev(7);
	@["s"] = stddev(9);
	@["t"] = stddev(1);
	@["t"] = stddev(2);
	@["t"] = stddev(3);
	@["t"] = stddev(4);
	@["u"] = stddev(1000);
	@["u"] = stddev(3000);
	exit(0);
}
