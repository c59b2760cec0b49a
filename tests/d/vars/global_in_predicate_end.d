/* proves: a global counter updated in BEGIN clauses is read in END */
#pragma D option quiet

BEGIN
{
	n = 1;
}

BEGIN
{
	n++;
}

BEGIN
{
	n++;
	exit(0);
}

END
{
	printf("%d\n", n);
}

