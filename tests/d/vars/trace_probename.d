/* proves: probename in BEGIN traces as a string */
BEGIN
{
	trace(probename);
	exit(0);
}
