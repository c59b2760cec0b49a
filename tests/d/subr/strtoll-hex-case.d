/* proves: strtoll() base 16 takes upper- and lower-case digits and an 0X prefix */
#pragma D option quiet
BEGIN
{
	printf("%d %d %d %d\n", strtoll("0XFF", 16), strtoll("fF", 16), strtoll("-0x10", 16), strtoll("0xg", 16));
	exit(0);
}
