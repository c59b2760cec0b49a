/* proves: the ' flag groups thousands with commas for %d, %u and %i of every width */
#pragma D option quiet
BEGIN
{
	printf("[%'d][%'d][%'d][%'d]\n", 999, 1000, 0, -1000000);
	printf("[%'lld]\n", 9223372036854775807LL);
	printf("[%'u][%'i]\n", 4294967295U, 12345);
	printf("[%'-12d][%'12d]\n", 1234567, -1234);
	exit(0);
}
