/* proves: inlines defined by expressions, including other inlines */
#pragma D option quiet

inline int M = 3 + 4;
inline int K = M * 2;

BEGIN
{
	printf("%d %d\n", M, K);
	exit(0);
}

