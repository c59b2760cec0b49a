/* proves: a clause-local declared char is one byte */
#pragma D option quiet

this char c;

BEGIN
{
	this->c = 'z';
	printf("%c %d\n", this->c, sizeof(this->c));
	exit(0);
}

