/* proves: 2147483648 is a long and traces with the 8-byte layout */
BEGIN
{
	trace(2147483648);
	exit(0);
}
