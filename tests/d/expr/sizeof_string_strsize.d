/* proves: sizeof(string) follows the strsize option */
#pragma D option quiet

#pragma D option strsize=32

BEGIN
{
	printf("%d\n", sizeof(string));
	exit(0);
}
