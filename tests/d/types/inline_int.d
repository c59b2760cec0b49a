/* proves: an inline integer constant is substituted at each use */
#pragma D option quiet

inline int N = 10;

BEGIN
{
	printf("%d %d\n", N, N * 2);
	exit(0);
}

