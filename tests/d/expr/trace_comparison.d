/* proves: a comparison is an int */
BEGIN
{
	trace(1 < 2);
	trace(2 < 1);
	exit(0);
}
