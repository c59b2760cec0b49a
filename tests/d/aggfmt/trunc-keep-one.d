/* proves: trunc(@a, 1) of a one-key aggregation keeps it; a formatted printa marks it printed while @b still prints at exit */
#pragma D option quiet
BEGIN
{
	@a["k"] = sum(3);
	@b["j"] = sum(4);
	exit(0);
}

END
{
	trunc(@a, 1);
	printa("%s=%@d\n", @a);
}
