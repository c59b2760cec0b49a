/* proves: sizeof is a size_t and traces with the 8-byte layout */
BEGIN
{
	trace(sizeof(int));
	exit(0);
}
