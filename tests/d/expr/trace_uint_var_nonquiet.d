/* proves: an unsigned int variable traces through %d at 4 bytes */
BEGIN
{
	x = 3000000000U;
	trace(x);
	exit(0);
}
