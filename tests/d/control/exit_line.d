/* proves: exit() records, so a BEGIN with only exit prints its prefix line */
BEGIN
{
	exit(0);
}
