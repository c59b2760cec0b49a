/* proves: string keys print as "  %-50s" and entries sort by ascending value */
#pragma D option quiet
BEGIN
{
	@["bash"] = count();
	@["bash"] = count();
	@["bash"] = count();
	@["sh"] = count();
	@["zsh"] = count();
	@["zsh"] = count();
	exit(0);
}
