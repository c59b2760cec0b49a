/* proves: sum() accepts negative values, prints them signed and sorts them first */
#pragma D option quiet
BEGIN
{
	@["a"] = sum(-5);
	@["b"] = sum(3);
	@["c"] = sum(-20);
	@["b"] = sum(4);
	@["d"] = sum(0);
	exit(0);
}
