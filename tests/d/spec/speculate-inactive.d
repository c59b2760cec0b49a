/* proves: speculate() of an id never handed out by speculation() drops the rest of its clause: the assignment after it never runs */
#pragma D option quiet

BEGIN
{
	speculate(1);
	x = 1;
}

BEGIN
{
	printf("x=%d\n", x);
	exit(0);
}
