/* proves: -Xs runs cpp in K&R mode: __STDC__ is undefined */
/* args: -q -C -Xs */
BEGIN
{
#ifdef __STDC__
	trace("defined");
#else
	trace("undefined");
#endif
	exit(0);
}
