/* proves: long long overflow wraps at 64 bits */
#pragma D option quiet

BEGIN
{
	x = 9223372036854775807LL;
	x = x + 1;
	printf("%d\n", x);
	exit(0);
}
