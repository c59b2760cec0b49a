/* proves: printa may print the same aggregation repeatedly */
#pragma D option quiet
BEGIN
{
	@n = sum(41);
	@n = sum(1);
	printa(@n);
	printa(@n);
	exit(0);
}
