/* proves: printa(fmt, @) applies the format per entry in sort order, with no leading newline */
#pragma D option quiet
BEGIN
{
	@["bash"] = count();
	@["bash"] = count();
	@["sh"] = count();
	exit(0);
}

END
{
	printa("%-10s %@8d\n", @);
}
