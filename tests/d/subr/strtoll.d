/* proves: strtoll(): leading blanks and sign, digits up to the first non-digit, 0x only in base 16, no base guessing */
#pragma D option quiet
BEGIN
{
	printf("%d %d %d %d\n", strtoll("123"), strtoll("  -45xyz"), strtoll("+7"), strtoll("abc"));
	printf("%d %d %d\n", strtoll("0x1f", 16), strtoll("ff", 16), strtoll("0x1f"));
	printf("%d %d %d %d\n", strtoll("777", 8), strtoll("19", 8), strtoll("z", 36), strtoll("101", 2));
	printf("%d %d\n", strtoll(""), strtoll("-9223372036854775807"));
	exit(0);
}
