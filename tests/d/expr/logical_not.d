/* proves: ! and !! on a variable */
#pragma D option quiet

BEGIN
{
	x = 5;
	z = 0;
	printf("%d %d %d\n", !x, !!x, !z);
	exit(0);
}
