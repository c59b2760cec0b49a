/* proves: an unset thread-local reads 0 */
#pragma D option quiet

BEGIN
/0/
{
	self->z = 5;
}

BEGIN
{
	printf("%d\n", self->z);
	exit(0);
}

