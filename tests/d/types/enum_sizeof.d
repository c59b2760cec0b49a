/* proves: an enum type is 4 bytes */
#pragma D option quiet

enum color { RED, GREEN };

BEGIN
{
	printf("%d\n", sizeof(enum color));
	exit(0);
}

