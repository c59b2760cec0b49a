/* proves: $target is 0 without -c or -p */
#pragma D option quiet

BEGIN
{
	printf("%d\n", $target);
	exit(0);
}
