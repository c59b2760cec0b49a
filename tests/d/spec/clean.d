/* proves: a busy speculation becomes free again once the cleaner has run (cleanrate), so a later speculation() gets it */
#pragma D option quiet
#pragma D option cleanrate=1000hz

BEGIN
{
	a = speculation();
}

BEGIN
{
	discard(a);
}

tick-50ms
{
	printf("%d\n", speculation());
	exit(0);
}
