/* proves: printa before and after clear() shows the values then zeros */
#pragma D option quiet
BEGIN
{
	@["x"] = sum(12);
	@["y"] = sum(5);
	exit(0);
}

END
{
	printa("%s %@d\n", @);
	clear(@);
	printa("%s %@d\n", @);
}
