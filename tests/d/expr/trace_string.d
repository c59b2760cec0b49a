/* proves: trace of a string constant is left-justified in 33 columns */
BEGIN
{
	trace("hello");
	exit(0);
}
