/* proves: commit() before a fault in its clause is done: the speculation's data is printed */
#pragma D option quiet
BEGIN
{
	s = speculation();
}

BEGIN
{
	speculate(s);
	printf("speculated\n");
}

BEGIN
{
	commit(s);
	x = *(int *)8;
}

BEGIN
{
	printf("after\n");
	exit(0);
}
