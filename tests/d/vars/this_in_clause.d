/* proves: clause-locals used within one clause */
#pragma D option quiet

BEGIN
{
	this->a = 2;
	this->b = this->a * 3;
	printf("%d\n", this->b);
	exit(0);
}
