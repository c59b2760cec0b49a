/* proves: ?: result takes the promoted type of its operands */
#pragma D option quiet

BEGIN
{
	x = 1;
	printf("%d %d\n", sizeof(x ? 1 : 2LL), sizeof(x ? 1 : 2));
	exit(0);
}
