/* proves: a short value traces with the 2-byte layout */
BEGIN
{
	trace((short)1000);
	exit(0);
}
