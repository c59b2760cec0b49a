/* proves: an integer casts to string (D adds casts from scalars to strings); the result is that address */
#pragma D option quiet

BEGIN
{
	printf("%d\n", (string)1234 == NULL);
	exit(0);
}
