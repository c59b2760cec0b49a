/* proves: normalize applies to later printa calls until denormalize restores the raw values */
#pragma D option quiet
BEGIN
{
	@["a"] = sum(250);
	exit(0);
}

END
{
	normalize(@, 10);
	printa(@);
	printa("%s %@d\n", @);
	denormalize(@);
	printa(@);
}
