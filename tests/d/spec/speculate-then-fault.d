/* proves: the records a clause speculated before a fault are lost; a later speculate() into the same id is committed alone */
#pragma D option quiet
BEGIN
{
	s = speculation();
}

BEGIN
{
	speculate(s);
	printf("lost\n");
	x = *(int *)8;
}

BEGIN
{
	speculate(s);
	printf("kept\n");
}

BEGIN
{
	commit(s);
}

BEGIN
{
	exit(0);
}
