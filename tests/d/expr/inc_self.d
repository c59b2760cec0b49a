/* proves: ++ on a new thread-local starts from 0 */
#pragma D option quiet

BEGIN
{
	self->n++;
	self->n++;
	printf("%d\n", self->n);
	exit(0);
}
