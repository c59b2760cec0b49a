/* proves: an inline used in a predicate */
#pragma D option quiet

inline int LIMIT = 3;

BEGIN
/LIMIT > 2/
{
	printf("big\n");
}

BEGIN
/LIMIT <= 2/
{
	printf("small\n");
}

BEGIN
{
	exit(0);
}

