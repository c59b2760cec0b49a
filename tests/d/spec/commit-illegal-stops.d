/* proves: commit() of an id above nspec faults where it stands: the rest of its clause never runs */
#pragma D option quiet

BEGIN
{
	commit(3);
	x = 1;
}

BEGIN
{
	printf("x=%d\n", x);
	exit(0);
}
