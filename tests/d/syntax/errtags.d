/* proves: -x errtags prefixes the message with its tag */
/* args: -x errtags */
BEGIN
{
	trace(1)
	trace(2);
}
