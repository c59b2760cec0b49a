/* proves: a clause-local set in one clause is visible in a later clause's predicate */
#pragma D option quiet

BEGIN
{
	this->x = 1;
}

BEGIN
/this->x == 1/
{
	printf("one\n");
}

BEGIN
{
	exit(0);
}

