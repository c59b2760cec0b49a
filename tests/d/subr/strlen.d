/* proves: strlen() counts bytes up to the NUL, of constants, joined strings and built-in variables */
#pragma D option quiet
BEGIN
{
	printf("%d %d %d %d\n", strlen("hello"), strlen(""), strlen(strjoin("ab", "cde")), strlen(probename));
	this->s = "twelve chars";
	printf("%d\n", strlen(this->s));
	exit(0);
}
