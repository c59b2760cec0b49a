/* proves: upper case sorts before lower case */
#pragma D option quiet

BEGIN
{
	printf("%d\n", "B" < "a");
	exit(0);
}
