/* proves: clear() zeroes the values but keeps the keys, which print as 0 sorted by key */
#pragma D option quiet
BEGIN
{
	@["b"] = count();
	@["a"] = count();
	@["a"] = count();
	exit(0);
}

END
{
	clear(@);
}
