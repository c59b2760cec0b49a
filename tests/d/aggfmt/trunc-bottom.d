/* proves: trunc(@, -2) keeps the two smallest values */
#pragma D option quiet
BEGIN
{
	@["a"] = sum(1);
	@["b"] = sum(5);
	@["c"] = sum(3);
	@["d"] = sum(4);
	exit(0);
}

END
{
	trunc(@, -2);
}
