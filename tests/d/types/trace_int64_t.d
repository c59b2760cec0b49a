/* proves: int64_t traces with the 8-byte layout */
BEGIN
{
	trace((int64_t)-3);
	exit(0);
}
