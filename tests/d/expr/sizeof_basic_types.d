/* proves: sizeof of the C integer types (LP64) */
#pragma D option quiet

BEGIN
{
	printf("%d %d %d %d %d\n", sizeof(char), sizeof(short), sizeof(int), sizeof(long), sizeof(long long));
	exit(0);
}
