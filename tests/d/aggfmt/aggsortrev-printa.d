/* proves: aggsortrev also reverses a printa with a format */
#pragma D option quiet
#pragma D option aggsortrev
BEGIN
{
	@["a"] = sum(1);
	@["b"] = sum(2);
	@["c"] = sum(3);
	exit(0);
}

END
{
	printa("%s=%@d\n", @);
}
