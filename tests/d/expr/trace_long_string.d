/* proves: a string longer than 33 characters is not truncated */
BEGIN
{
	trace("abcdefghijklmnopqrstuvwxyz0123456789ABCD");
	exit(0);
}
