/* proves: a clause that only assigns prints nothing; the next one sees the value */
BEGIN
{
	x = 7;
}

BEGIN
{
	trace(x);
	exit(0);
}
