/* proves: a string variable assigned NULL compares equal to NULL and to "" (illumos compares with SCMP, which reads NULL as ""), and a set string is != NULL (D-GAPS 39) */
#pragma D option quiet

BEGIN
{
	s = "abc";
	s = NULL;
	t = probename;
	printf("%d %d %d\n", s == NULL, s == "", t != NULL);
	exit(0);
}
