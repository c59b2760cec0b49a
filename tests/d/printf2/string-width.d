/* proves: %s of variables and built-ins with widths, precision and -  */
#pragma D option quiet
BEGIN
{
	this->s = "abcdef";
	printf("[%8s][%-8s][%.2s][%-8.3s]\n", this->s, this->s, this->s, this->s);
	printf("[%10s]\n", probename);
	exit(0);
}
