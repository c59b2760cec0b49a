/* proves: a predicate comparing probename */
#pragma D option quiet

BEGIN
/probename == "BEGIN"/
{
	printf("begin\n");
}

BEGIN
/probename == "END"/
{
	printf("end\n");
}

BEGIN
{
	exit(0);
}

