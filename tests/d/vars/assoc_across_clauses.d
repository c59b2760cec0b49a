/* proves: associative array elements persist across clauses */
#pragma D option quiet

BEGIN
{
	a["x", 2] = 8;
}

BEGIN
{
	printf("%d\n", a["x", 2]);
	exit(0);
}

