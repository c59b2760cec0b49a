/* proves: a string key held in a variable finds the element */
#pragma D option quiet

BEGIN
{
	a["foo"] = 7;
	k = "foo";
	printf("%d\n", a[k]);
	exit(0);
}
