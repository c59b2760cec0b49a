/* proves: one clause with two probe descriptions fires for each */
#pragma D option quiet

BEGIN, END
{
	printf("%s\n", probename);
}

BEGIN
{
	exit(0);
}

