/* proves: speculate(0) drops the rest of its clause silently: a later assignment never runs, no error, no ERROR */
#pragma D option quiet

BEGIN
{
	speculate(0);
	x = 1;
}

BEGIN
{
	printf("x=%d\n", x);
	exit(0);
}

ERROR
{
	printf("ERROR fired\n");
}
