/* proves: trace of a long long constant uses the 8-byte layout */
BEGIN
{
	trace(1LL);
	exit(0);
}
