/* proves: a clause that faults after aggregating keeps that update, as dtrace_probe() aggregates at once */
#pragma D option quiet
BEGIN
{
	@c = count();
	x = 0;
}

BEGIN
{
	@c = count();
	x = 1 / x;
}

BEGIN
{
	exit(0);
}
