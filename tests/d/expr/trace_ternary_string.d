/* proves: trace of a ?: yielding a string */
BEGIN
{
	x = 1;
	trace(x ? "yes" : "no");
	exit(0);
}
