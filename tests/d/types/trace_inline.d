/* proves: an inline int constant traces as an int */
inline int TEN = 10;

BEGIN
{
	trace(TEN);
	exit(0);
}
