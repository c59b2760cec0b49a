/* proves: elements of an associative array keep the array's value type */
#pragma D option quiet

BEGIN
{
	a["x"] = 1LL;
	printf("%d\n", sizeof(a["x"]));
	exit(0);
}
