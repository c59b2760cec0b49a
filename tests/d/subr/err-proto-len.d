/* proves: a subroutine called with the wrong number of arguments is D_PROTO_LEN */
/* args: -x errtags */
BEGIN
{
	trace(strlen("a", "b"));
}
