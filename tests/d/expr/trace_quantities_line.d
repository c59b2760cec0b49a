/* proves: int, long long, short and string records on one line */
BEGIN
{
	trace(1);
	trace(2LL);
	trace((short)3);
	trace("four");
	exit(0);
}
