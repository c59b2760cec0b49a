/* proves: a %@ conversion may come before the key conversions; keys still feed the plain conversions in order */
#pragma D option quiet
BEGIN
{
	@[3, "c"] = sum(30);
	@[1, "a"] = sum(10);
	exit(0);
}

END
{
	printa("%@4d <- %d/%s\n", @);
}
