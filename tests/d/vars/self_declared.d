/* proves: a declared thread-local can be read before assignment and reads 0 */
#pragma D option quiet

self int x;

BEGIN
{
	printf("%d %d\n", self->x, sizeof(self->x));
	exit(0);
}

