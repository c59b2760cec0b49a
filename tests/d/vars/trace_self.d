/* proves: trace of a thread-local assigned an int */
BEGIN
{
	self->x = 3;
	trace(self->x);
	exit(0);
}
