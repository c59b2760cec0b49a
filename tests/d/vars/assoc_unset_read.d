/* proves: reading an element that was never stored gives 0 */
#pragma D option quiet

BEGIN
/0/
{
	a["k"] = 1;
}

BEGIN
{
	printf("%d\n", a["k"]);
	exit(0);
}

