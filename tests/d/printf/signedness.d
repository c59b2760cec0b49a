/* proves: integer conversions use the argument's width and %d its signedness (%x of int -1 is ffffffff) */
/* args: -q */
BEGIN
{
	printf("%x %x %x %x\n", -1, (char)-1, (short)-1, (long)-1);
	printf("%d %d %d %d\n", (char)255, (unsigned char)255, 0xffffffff, (unsigned short)65535);
	printf("%u %u %i\n", (char)-1, -1, 0xffffffff);
	exit(0);
}
