/* proves: in default output the faulting clause prints nothing and ERROR prints its own line */
int y;

BEGIN
{
	trace(1 / y);
}

ERROR
{
	trace(arg4);
}

BEGIN
{
	trace(2);
	exit(0);
}

