/* proves: assigning 0 removes an element; it can be stored again */
#pragma D option quiet

BEGIN
{
	a["k"] = 5;
	a["k"] = 0;
	printf("%d\n", a["k"]);
	a["k"] = 3;
	printf("%d\n", a["k"]);
	exit(0);
}
