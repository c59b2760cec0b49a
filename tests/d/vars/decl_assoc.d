/* proves: a declared associative array with string and int keys */
#pragma D option quiet

int a[string, int];

BEGIN
{
	a["x", 1] = 5;
	printf("%d %d\n", a["x", 1], a["y", 1]);
	exit(0);
}

