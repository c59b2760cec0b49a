/* proves: sizeof of arithmetic expressions */
#pragma D option quiet

BEGIN
{
	x = 1;
	printf("%d %d\n", sizeof(x + 1LL), sizeof(x * 2));
	exit(0);
}
