/* proves: constant division of an unsigned int */
#pragma D option quiet

BEGIN
{
	printf("%u %u\n", 4294967295U / 2, 4294967295U % 10);
	exit(0);
}
