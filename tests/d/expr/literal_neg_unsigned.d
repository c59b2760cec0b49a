/* proves: -1U is UINT_MAX of type unsigned int */
#pragma D option quiet

BEGIN
{
	printf("%u %d\n", -1U, sizeof(-1U));
	exit(0);
}
