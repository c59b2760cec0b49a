/* proves: %@d of a quantize() in a printa format prints the whole table */
#pragma D option quiet
BEGIN
{
	@["k"] = quantize(3);
	exit(0);
}

END
{
	printa("key %s:%@d--\n", @);
}
