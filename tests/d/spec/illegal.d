/* proves: speculate() or commit() of an id above nspec faults with illegal operation, with no DIF offset, fires ERROR and records nothing of the clause */
#pragma D option quiet

BEGIN
{
	speculate(2);
	printf("never\n");
}

BEGIN
{
	commit(3);
}

ERROR
{
	printf("ERROR fault %d\n", arg4);
}

BEGIN
{
	exit(0);
}
