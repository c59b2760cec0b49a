/* proves: a missing macro argument is D_MACRO_UNDEF */
/* args: -x errtags */
BEGIN
{
	trace($1);
}
