/* proves: a predicate applies to every description of its clause */
#pragma D option quiet

BEGIN, END
/probename == "END"/
{
	printf("only end\n");
}

BEGIN
{
	exit(0);
}

