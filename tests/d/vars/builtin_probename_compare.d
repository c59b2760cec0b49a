/* proves: probename compares as a string */
#pragma D option quiet

BEGIN
{
	printf("%d %d\n", probename == "BEGIN", probename == "END");
	exit(0);
}
