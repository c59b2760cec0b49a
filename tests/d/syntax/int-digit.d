/* proves: an octal constant with a digit 8 or 9 is rejected with D_INT_DIGIT */
/* args: -x errtags */
BEGIN
{
	x = 09;
}
