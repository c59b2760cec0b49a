/* proves: aggregations filled from tick firings over several clauses print at exit */
#pragma D option quiet
int n;

profile:::tick-10ms
{
	n++;
	@c["ticks"] = count();
	@s["sum"] = sum(n);
}

profile:::tick-10ms
/n == 5/
{
	exit(0);
}
