/* proves: timestamp is positive */
BEGIN
{
	trace(timestamp > 0);
	exit(0);
}
