/* proves: 8-, 2- and 1-byte integer keys print as " %16lld", " %5d" and " %3d" */
#pragma D option quiet
BEGIN
{
	@[(long)123456789012, (short)7, (char)9] = sum(4);
	exit(0);
}
