/* proves: exit() before a fault in its clause ends tracing (later BEGIN clauses are skipped, ERROR and END fire) though its status is lost with the clause's records */
#pragma D option quiet
BEGIN
{
	exit(3);
	x = *(int *)8;
}

BEGIN
{
	printf("not reached\n");
}

ERROR
{
	printf("error fired\n");
}

END
{
	printf("end\n");
}
