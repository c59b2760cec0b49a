/* proves: the comma operator yields its right operand */
#pragma D option quiet

BEGIN
{
	x = (1, 2);
	printf("%d\n", x);
	exit(0);
}
