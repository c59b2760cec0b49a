/* proves: negative enumerator values */
#pragma D option quiet

enum e { A = -1, B, C = 10 };

BEGIN
{
	printf("%d %d %d\n", A, B, C);
	exit(0);
}

