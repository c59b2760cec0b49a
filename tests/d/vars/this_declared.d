/* proves: a declared clause-local has its declared type */
#pragma D option quiet

this int x;

BEGIN
{
	this->x = 300;
	printf("%d %d\n", this->x, sizeof(this->x));
	exit(0);
}

