/* proves: substr() index and length may come from variables, including negative ones */
#pragma D option quiet
BEGIN
{
	this->i = -4;
	this->n = 2;
	printf("[%s][%s]\n", substr("abcdefgh", this->i, this->n), substr("abcdefgh", 2, -this->n));
	exit(0);
}
