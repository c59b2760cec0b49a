/* proves: a variable assigned an enumerator compares against enumerators */
#pragma D option quiet

enum color { RED, GREEN, BLUE };

BEGIN
{
	c = BLUE;
	printf("%d %d %d\n", c, c == BLUE, c == RED);
	exit(0);
}

