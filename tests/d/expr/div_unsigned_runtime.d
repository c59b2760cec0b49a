/* proves: unsigned int division and remainder at run time */
#pragma D option quiet

BEGIN
{
	a = 4294967289U;
	b = 2U;
	printf("%u %u\n", a / b, a % b);
	exit(0);
}
