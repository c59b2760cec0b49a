/* proves: sizeof a string constant is its length plus one */
#pragma D option quiet

BEGIN
{
	printf("%d %d\n", sizeof("abc"), sizeof(""));
	exit(0);
}
