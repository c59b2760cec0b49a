/* proves: the characters of a string variable can be written through [ ] and unary *, global and clause-local alike (D-GAPS 42, issue 17: this->q[57] = '.') */
#pragma D option quiet

BEGIN
{
	s = "ABCDEFG";
	s[2] = '.';
	*s = 'x';
	this->q = "hello";
	this->q[1] = 'E';
	printf("%s %s\n", s, this->q);
	exit(0);
}
