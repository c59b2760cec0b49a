/* proves: trace of an untyped global assigned an int uses the int layout */
BEGIN
{
	x = 42;
	trace(x);
	exit(0);
}
