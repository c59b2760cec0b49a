/* proves: 64-bit multiplication wraps modulo 2^64 */
#pragma D option quiet

BEGIN
{
	x = 4294967296LL;
	printf("%d\n", x * x);
	exit(0);
}
