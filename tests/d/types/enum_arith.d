/* proves: enumerators in arithmetic */
#pragma D option quiet

enum color { RED, GREEN = 5, BLUE };

BEGIN
{
	printf("%d %d\n", GREEN + 1, BLUE * 2);
	exit(0);
}

