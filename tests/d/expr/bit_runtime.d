/* proves: bitwise operators on variables */
#pragma D option quiet

BEGIN
{
	a = 12;
	b = 10;
	printf("%d %d %d %d\n", a & b, a | b, a ^ b, ~a);
	exit(0);
}
