/* proves: a string acts as a pointer to its bytes: s[i] and *s are chars, s + n and n + s are the string n bytes in (D-GAPS 42) */
#pragma D option quiet

BEGIN
{
	s = "ABCDEFG";
	printf("%c %d %s %s %c %s\n", s[1], s[1], s + 2, 3 + s, *s, (s + 4) - 1);
	exit(0);
}
