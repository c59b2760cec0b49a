/* proves: speculate() of an id above nspec has no buffer: the clause is dropped without an error and ERROR does not fire */
#pragma D option quiet

BEGIN
{
	speculate(99);
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
