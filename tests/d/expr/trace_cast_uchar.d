/* proves: (unsigned char) of 300 keeps the low byte */
BEGIN
{
	x = 300;
	trace((unsigned char)x);
	exit(0);
}
