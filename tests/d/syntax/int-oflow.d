/* proves: a decimal constant too big for any signed type is D_INT_OFLOW */
/* args: -x errtags */
BEGIN
{
	x = 18446744073709551615;
}
