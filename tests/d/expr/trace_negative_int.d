/* proves: trace of a negative int */
BEGIN
{
	trace(-1);
	exit(0);
}
