/* proves: walltimestamp is nanoseconds since the epoch */
BEGIN
{
	trace(walltimestamp > 1600000000000000000);
	exit(0);
}
