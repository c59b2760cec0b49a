/* proves: enumerators count from 0 and continue after an explicit value */
#pragma D option quiet

enum color { RED, GREEN = 5, BLUE };

BEGIN
{
	printf("%d %d %d\n", RED, GREEN, BLUE);
	exit(0);
}

