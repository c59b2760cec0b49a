/* proves: trace of a negative long long */
BEGIN
{
	trace(-5LL);
	exit(0);
}
