/* proves: a character constant has type int */
#pragma D option quiet

BEGIN
{
	printf("%d %c\n", sizeof('a'), 'a' + 1);
	exit(0);
}
