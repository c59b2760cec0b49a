/* proves: exit(3) sets the status and the line is still printed */
BEGIN
{
	trace(7);
	exit(3);
}
