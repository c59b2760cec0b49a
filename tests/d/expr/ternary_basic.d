/* proves: ?: selects by a variable condition */
#pragma D option quiet

BEGIN
{
	x = 1;
	printf("%d %d\n", x ? 10 : 20, !x ? 10 : 20);
	exit(0);
}
