/* proves: trace of a string variable */
BEGIN
{
	s = "abc";
	trace(s);
	exit(0);
}
