/* proves: associative array with integer keys; a missing key reads 0 */
#pragma D option quiet

BEGIN
{
	a[1] = 10;
	a[2] = 20;
	printf("%d %d %d\n", a[1], a[2], a[3]);
	exit(0);
}
