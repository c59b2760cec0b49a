/* proves: speculate() of a negative id drops its clause silently, as an id above nspec does */
#pragma D option quiet

BEGIN
{
	speculate(-1);
	printf("after\n");
}

BEGIN
{
	printf("done\n");
	exit(0);
}

ERROR
{
	printf("ERROR fired\n");
}
