/* proves: the cast type becomes the type of a new variable */
#pragma D option quiet

BEGIN
{
	x = (short)70000;
	printf("%d %d\n", x, sizeof(x));
	exit(0);
}
