/* proves: an unknown $name is D_MACRO_UNDEF */
BEGIN
{
	trace($nosuch);
}
