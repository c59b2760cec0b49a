/* proves: a declared unsigned char global wraps at 8 bits */
#pragma D option quiet

unsigned char c;

BEGIN
{
	c = 250;
	c += 10;
	printf("%d\n", c);
	exit(0);
}

