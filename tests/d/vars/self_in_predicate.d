/* proves: a thread-local tested in a predicate */
#pragma D option quiet

BEGIN
{
	self->go = 1;
}

BEGIN
/self->go/
{
	printf("yes\n");
}

BEGIN
/!self->go/
{
	printf("no\n");
}

BEGIN
{
	exit(0);
}

