/* proves: assigning 0 to a thread-local makes it read 0 */
#pragma D option quiet

BEGIN
{
	self->x = 5;
	self->x = 0;
	printf("%d\n", self->x);
	exit(0);
}
