/* proves: trace of a variable assigned a long long uses the 8-byte layout */
BEGIN
{
	x = 42LL;
	trace(x);
	exit(0);
}
