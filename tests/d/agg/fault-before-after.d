/* proves: aggregations done before a fault stay updated, those after it never run, and the clause's own records are lost */
#pragma D option quiet
BEGIN
{
	@a = sum(5);
	@s = stddev(3);
	printf("lost\n");
	x = *(int *)8;
	@a = sum(7);
}

BEGIN
{
	exit(0);
}
