/* proves: a char value traces with the 1-byte layout */
BEGIN
{
	trace((char)65);
	exit(0);
}
