/* proves: a string holds strsize characters, not strsize - 1: variables, strlen and a subroutine's result printed by printf keep all strsize bytes (D-GAPS 40) */
#pragma D option quiet
#pragma D option strsize=5

BEGIN
{
	x = "abcdefg";
	printf("%s %d %s\n", x, strlen(x), lltostr(12345));
	exit(0);
}
