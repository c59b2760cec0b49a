/* proves: a clause that faults after aggregating applies none of its updates */
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
