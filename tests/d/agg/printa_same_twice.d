/* proves: an aggregation listed twice in printa() shows its value in every position */
#pragma D option quiet

BEGIN
{
	@ = sum(7);
	printa("%@d %@d\n", @, @);
	exit(0);
}
