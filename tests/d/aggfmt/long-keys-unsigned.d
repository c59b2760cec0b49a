/* proves: 8-byte keys print signed but sort as unsigned */
#pragma D option quiet
BEGIN
{
	@[(long)-5] = count();
	@[(long)5] = count();
	@[(long)9000000000] = count();
	exit(0);
}
