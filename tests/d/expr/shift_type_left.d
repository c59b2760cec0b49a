/* proves: a shift has the type of its left operand */
#pragma D option quiet

BEGIN
{
	printf("%d %d\n", sizeof(1 << 2LL), sizeof(1LL << 2));
	exit(0);
}
