/* proves: a clause-local is shared by the clauses of one firing */
#pragma D option quiet

BEGIN
{
	this->x = 5;
}

BEGIN
{
	printf("%d\n", this->x);
	exit(0);
}

