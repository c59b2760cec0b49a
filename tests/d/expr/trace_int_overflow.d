/* proves: int arithmetic is narrowed to 32 bits by trace */
BEGIN
{
	x = 2147483647;
	trace(x + 1);
	exit(0);
}
