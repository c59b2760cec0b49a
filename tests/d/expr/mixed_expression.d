/* proves: a mixed expression with all precedence levels */
#pragma D option quiet

BEGIN
{
	x = 6;
	y = 4;
	printf("%d\n", x * 2 + y / 2 - (x % 4) << 1);
	exit(0);
}
