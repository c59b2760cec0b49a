/* proves: integer keys in a printa format take %d with width and %x */
#pragma D option quiet
BEGIN
{
	@[255, 7] = count();
	@[16, 8] = count();
	@[16, 8] = count();
	exit(0);
}

END
{
	printa("%5d %x %@d\n", @);
}
