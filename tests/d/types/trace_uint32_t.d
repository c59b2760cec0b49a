/* proves: uint32_t traces with the 4-byte layout */
BEGIN
{
	trace((uint32_t)123456);
	exit(0);
}
