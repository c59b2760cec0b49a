/* proves: a string compares with NULL (its address), and a non-NULL string is != NULL */
#pragma D option quiet

BEGIN
{
	s = probename;
	printf("%d\n", s != NULL);
	exit(0);
}
