/* proves: bitwise complement of int and unsigned int */
#pragma D option quiet

BEGIN
{
	printf("%d %u\n", ~0, ~0U);
	exit(0);
}
