/* proves: int16_t traces with the 2-byte layout */
BEGIN
{
	x = (int16_t)300;
	trace(x);
	exit(0);
}
