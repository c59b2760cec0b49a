/* proves: a declared associative array can be read before any assignment */
#pragma D option quiet

int a[string];

BEGIN
{
	printf("%d\n", a["nope"]);
	exit(0);
}

