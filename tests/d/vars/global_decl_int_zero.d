/* proves: a declared int global reads 0 before any assignment */
#pragma D option quiet

int x;

BEGIN
{
	printf("%d\n", x);
	exit(0);
}

