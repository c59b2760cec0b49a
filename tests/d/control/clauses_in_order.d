/* proves: clauses matching one probe run in program order */
#pragma D option quiet

BEGIN
{
	printf("a");
}

BEGIN
{
	printf("b");
}

BEGIN
{
	printf("c\n");
	exit(0);
}

