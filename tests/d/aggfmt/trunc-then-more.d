/* proves: after trunc() in BEGIN, END's new data is all that prints at exit */
#pragma D option quiet
BEGIN
{
	@["old"] = count();
}

BEGIN
{
	trunc(@);
	exit(0);
}

END
{
	@["new"] = count();
}
