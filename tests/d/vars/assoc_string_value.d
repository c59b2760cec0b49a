/* proves: string-valued associative array; missing element reads "" */
#pragma D option quiet

BEGIN
{
	a[1] = "one";
	printf("%s [%s]\n", a[1], a[2]);
	exit(0);
}
