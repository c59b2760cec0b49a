/* proves: epid numbers clauses from 1 in program order, END included */
#pragma D option quiet

BEGIN
{
	printf("%d ", epid);
}

BEGIN
{
	printf("%d ", epid);
	exit(0);
}

END
{
	printf("%d %d\n", epid, id);
}

