/* proves: bitwise complement of unsigned long long */
#pragma D option quiet

BEGIN
{
	printf("%x\n", ~0ULL);
	exit(0);
}
