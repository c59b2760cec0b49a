/* proves: speculate() before a fault claims its id for this CPU with nothing stored, so a commit() of it leaves the id busy until the clean, as dtrace_speculation_commit() with an empty buffer */
#pragma D option quiet
BEGIN
{
	s = speculation();
}

BEGIN
{
	speculate(s);
	printf("lost\n");
	x = *(int *)8;
}

BEGIN
{
	commit(s);
}

BEGIN
{
	printf("again %d\n", speculation());
	exit(0);
}
