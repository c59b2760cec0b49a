/* proves: equal values sort string keys bytewise (upper case before lower, prefix first) */
#pragma D option quiet
BEGIN
{
	@["b"] = count();
	@["ab"] = count();
	@["a"] = count();
	@["B"] = count();
	exit(0);
}
