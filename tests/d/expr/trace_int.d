/* proves: trace of an int constant uses the 4-byte layout */
BEGIN
{
	trace(1);
	exit(0);
}
