/* proves: the integer constant 0 converts to a pointer in assignment and compares with one */
#pragma D option quiet

char *p;

BEGIN
{
	p = 0;
	printf("%d\n", p == 0);
	exit(0);
}
