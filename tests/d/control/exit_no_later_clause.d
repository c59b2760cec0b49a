/* proves: no clause after exit() runs, even for the same firing */
#pragma D option quiet

BEGIN
{
	exit(0);
}

BEGIN
{
	printf("no\n");
}

