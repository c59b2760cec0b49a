/* proves: a string clause-local */
#pragma D option quiet

BEGIN
{
	this->s = "hi";
	printf("%s\n", this->s);
	exit(0);
}
