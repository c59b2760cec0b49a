/* proves: a declared char global is one byte */
#pragma D option quiet

char c;

BEGIN
{
	c = 'A';
	printf("%c %d\n", c, sizeof(c));
	exit(0);
}

