/* proves: an empty clause body prints the prefix line */
BEGIN
{
}

BEGIN
{
	exit(0);
}
