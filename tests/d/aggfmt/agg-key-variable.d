/* proves: keys taken from variables and built-in strings (probename) group their counts */
#pragma D option quiet
BEGIN
{
	this->k = "dyn";
	@[this->k] = count();
	@[probename] = count();
	@[probename] = count();
	exit(0);
}
