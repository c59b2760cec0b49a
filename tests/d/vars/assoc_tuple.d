/* proves: tuple keys of an int and a string */
#pragma D option quiet

BEGIN
{
	a[1, "b"] = 5;
	a[1, "c"] = 6;
	printf("%d %d %d\n", a[1, "b"], a[1, "c"], a[2, "b"]);
	exit(0);
}
