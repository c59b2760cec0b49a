/* proves: lltostr() results are strings usable as aggregation keys */
#pragma D option quiet
BEGIN
{
	@[lltostr(10, 16)] = count();
	@[lltostr(10, 2)] = count();
	@[lltostr(10, 2)] = count();
	exit(0);
}
