/* proves: ^^ always evaluates both operands */
#pragma D option quiet

BEGIN
{
	z = 0;
	r = 1 ^^ z++;
	printf("%d %d\n", z, r);
	exit(0);
}
