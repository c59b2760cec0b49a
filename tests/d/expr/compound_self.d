/* proves: compound assignment on a thread-local */
#pragma D option quiet

BEGIN
{
	self->n = 2;
	self->n *= 21;
	printf("%d\n", self->n);
	exit(0);
}
