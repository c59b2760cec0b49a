/* proves: a thread-local keeps its value across clauses of the same thread */
#pragma D option quiet

BEGIN
{
	self->x = 7;
}

BEGIN
{
	printf("%d\n", self->x);
	exit(0);
}

