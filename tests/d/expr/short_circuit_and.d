/* proves: && does not evaluate its right side when the left is false */
#pragma D option quiet

BEGIN
{
	x = 0;
	r = (x != 0) && (10 / x > 1);
	printf("%d\n", r);
	exit(0);
}
