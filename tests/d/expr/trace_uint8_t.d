/* proves: uint8_t traces with the 1-byte layout */
BEGIN
{
	x = (uint8_t)200;
	trace(x);
	exit(0);
}
