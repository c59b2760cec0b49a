/* proves: trunc(@) removes every key, so nothing is printed at exit */
#pragma D option quiet
BEGIN
{
	@["x"] = count();
	@["y"] = count();
	@other = count();
	exit(0);
}

END
{
	trunc(@);
}
