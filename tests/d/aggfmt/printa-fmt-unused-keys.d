/* proves: keys without a conversion are not shown */
#pragma D option quiet
BEGIN
{
	@["a", 1] = sum(5);
	@["b", 2] = sum(6);
	exit(0);
}

END
{
	printa("v=%@d\n", @);
	printa("k=%s\n", @);
}
