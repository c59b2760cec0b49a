/* proves: string-valued associative array; a missing element reads as NULL, which compares equal to "" (illumos LDGAA gives 0, SCMP reads it as "") */
#pragma D option quiet

BEGIN
{
	a[1] = "one";
	printf("%s %d %d\n", a[1], a[2] == "", a[2] == NULL);
	exit(0);
}
