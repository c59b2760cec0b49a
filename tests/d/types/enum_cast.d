/* proves: an integer cast to an enum type */
#pragma D option quiet

enum color { RED, GREEN, BLUE };

BEGIN
{
	c = (enum color)1;
	printf("%d %d\n", c == GREEN, sizeof(c));
	exit(0);
}

