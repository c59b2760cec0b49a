/* proves: at exit aggregations print in order of first use, each sorted, with no blank line between them */
#pragma D option quiet
BEGIN
{
	@z["one"] = sum(1);
	@a["two"] = sum(1);
	@a["two"] = sum(1);
	@a["six"] = sum(6);
	@z["ten"] = sum(10);
	exit(0);
}
