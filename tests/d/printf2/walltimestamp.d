/* proves: walltimestamp is nanoseconds since the epoch: after 2020 and printable with %Y */
#pragma D option quiet
BEGIN
{
	printf("%d\n", walltimestamp > 1577836800000000000);
	printf("%d\n", strlen(lltostr(walltimestamp)) == 19);
	exit(0);
}
