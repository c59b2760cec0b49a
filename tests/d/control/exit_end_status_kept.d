/* proves: the exit status is kept while END runs */
#pragma D option quiet

BEGIN
{
	exit(4);
}

END
{
	printf("end\n");
}

