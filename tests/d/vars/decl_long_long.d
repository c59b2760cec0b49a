/* proves: a declared long long global is 8 bytes */
#pragma D option quiet

long long y;

BEGIN
{
	printf("%d %d\n", y, sizeof(y));
	exit(0);
}

