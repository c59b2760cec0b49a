/* proves: character constants are their byte values */
#pragma D option quiet

BEGIN
{
	printf("%d %d %d\n", 'a', 'A', '0');
	exit(0);
}
