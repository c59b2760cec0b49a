/* proves: commit() or discard() of an id above nspec faults with illegal operation, with no DIF offset, and fires ERROR */
#pragma D option quiet

BEGIN
{
	commit(3);
}

BEGIN
{
	discard(7);
}

ERROR
{
	printf("ERROR fault %d\n", arg4);
}

BEGIN
{
	exit(0);
}
