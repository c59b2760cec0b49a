/* proves: floating-point constants are rejected */
/* args: -x errtags */
BEGIN
{
	x = 1.5;
}
