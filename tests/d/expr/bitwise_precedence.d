/* proves: & binds tighter than ^ which binds tighter than | */
#pragma D option quiet

BEGIN
{
	printf("%d\n", 1 | 2 ^ 3 & 5);
	exit(0);
}
