/* proves: the empty string sorts before any other and equals itself */
#pragma D option quiet

BEGIN
{
	printf("%d %d %d %d\n", "" < "a", "" == "", "a" > "", "" > "a");
	exit(0);
}
