/* proves: END fires after exit and shows as :END with id 2 */
BEGIN
{
	exit(0);
}

END
{
	trace(probename);
	trace(id);
}
