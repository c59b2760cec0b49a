/* proves: trunc(@, n) with n above the number of keys keeps them all */
#pragma D option quiet
BEGIN
{
	@["a"] = sum(1);
	@["b"] = sum(2);
	exit(0);
}

END
{
	trunc(@, 10);
}
