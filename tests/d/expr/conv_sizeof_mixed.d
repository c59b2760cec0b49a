/* proves: usual arithmetic conversions pick the wider operand type */
#pragma D option quiet

BEGIN
{
	printf("%d %d %d\n", sizeof(1 + 1L), sizeof(1 + 1LL), sizeof(1 + 1));
	exit(0);
}
