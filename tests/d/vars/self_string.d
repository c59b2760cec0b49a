/* proves: a string thread-local */
#pragma D option quiet

BEGIN
{
	self->s = "abc";
	printf("%s\n", self->s);
	exit(0);
}
