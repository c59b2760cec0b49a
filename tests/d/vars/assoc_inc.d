/* proves: ++ on an associative array element */
#pragma D option quiet

BEGIN
{
	a["k"] = 1;
	a["k"]++;
	printf("%d\n", a["k"]);
	exit(0);
}
