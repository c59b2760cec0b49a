/* proves: if testing a thread-local */
#pragma D option quiet

BEGIN
{
	self->v = 2;
	if (self->v == 2) {
		printf("two\n");
	}
	exit(0);
}
