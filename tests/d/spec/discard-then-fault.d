/* proves: discard() before a fault in its clause is done: the id is free again for speculation() */
#pragma D option quiet
BEGIN
{
	s = speculation();
}

BEGIN
{
	speculate(s);
	printf("speculated\n");
}

BEGIN
{
	discard(s);
	x = *(int *)8;
}

BEGIN
{
	printf("again %d\n", speculation());
	exit(0);
}
