/* proves: an integer casts to string (D adds casts from scalars to strings) and the result is typed string (D-GAPS 41); reading it would read at that address */
#pragma D option quiet

BEGIN
{
	printf("%d\n", sizeof((string)1234) == sizeof(string));
	exit(0);
}
