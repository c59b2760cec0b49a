/* proves: ?: of two char * is a char * (string only when a branch is a string), so it assigns back to a char * */
#pragma D option quiet

char *a;
char *b;

BEGIN
{
	c = 1 ? a : b;
	a = c;
	printf("ok\n");
	exit(0);
}
