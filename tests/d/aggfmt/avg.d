/* proves: avg() prints the integer quotient of sum and count and sorts by it */
#pragma D option quiet
BEGIN
{
	@["y"] = avg(10);
	@["y"] = avg(20);
	@["y"] = avg(40);
	@["x"] = avg(1);
	@["x"] = avg(2);
	exit(0);
}
