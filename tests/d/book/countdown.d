/* proves: a tick-1sec loop counting down to zero, with an aggregation printed by printa in END, runs unchanged */
#pragma D option quiet

dtrace:::BEGIN
{
	i = 3;
	printf("Counting down from %d...\n", i);
}

profile:::tick-1sec
/i > 0/
{
	printf("%d\n", i);
	@seconds["ticks seen"] = count();
	i--;
}

profile:::tick-1sec
/i == 0/
{
	printf("liftoff\n");
	exit(0);
}

dtrace:::END
{
	printa("%-20s %@d\n", @seconds);
}
