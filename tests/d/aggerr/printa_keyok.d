/* proves: printa's key check accepts what fits: %A for a usym() key, %d for an int, %s for a string, and leaves keys unused (only the first shown) */
#pragma D option quiet
BEGIN
{
	@[execname, 7] = count();
	@k[usym(0), (short)2] = sum(5);
	printa("%s %@d\n", @);
	printa("%A %hd %@d\n", @k);
	exit(0);
}
