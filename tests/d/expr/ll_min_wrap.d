/* proves: LLONG_MIN - 1 wraps to LLONG_MAX */
#pragma D option quiet

BEGIN
{
	x = -9223372036854775807LL - 1;
	x = x - 1;
	printf("%d\n", x);
	exit(0);
}
