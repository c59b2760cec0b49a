/* proves: a declared int global narrows what is stored into it */
#pragma D option quiet

int x;

BEGIN
{
	x = 4294967297LL;
	printf("%d %d\n", x, sizeof(x));
	exit(0);
}

