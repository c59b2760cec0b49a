/* proves: 4-byte keys print as " %8d"; equal values sort by key compared unsigned, so -1 comes last */
#pragma D option quiet
BEGIN
{
	@[10] = count();
	@[-1] = count();
	@[3] = count();
	@[0] = count();
	exit(0);
}
