/* proves: a character constant traces as an int */
BEGIN
{
	trace('a');
	exit(0);
}
