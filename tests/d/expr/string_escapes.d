/* proves: escapes in string constants */
#pragma D option quiet

BEGIN
{
	printf("%s|\n", "a\tb\\c\"d\101\x42");
	exit(0);
}
