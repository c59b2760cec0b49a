/* proves: however small dynvarsize is, the pool holds one dynamic variable (DTrace raises it to one chunk) */
#pragma D option quiet
#pragma D option dynvarsize=16

BEGIN
{
	self->x = 1;
	printf("%d\n", self->x);
	exit(0);
}
