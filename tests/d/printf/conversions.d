/* proves: every printf conversion prints as DTrace's: d i u o x X c s S p %% and width-16 %? */
/* args: -q */
BEGIN
{
	printf("d=%d i=%i u=%u o=%o x=%x X=%X\n", 42, -42, 42, 8, 255, 255);
	printf("c=%c s=%s S=%S\n", 'A', "str", "a\tb\"c\\");
	printf("p=%p #p=%#p\n", (void *)0x1234, (void *)0x1234);
	printf("pct=100%% ?=[%?d]\n", 7);
	printf("hd=%hd ld=%ld lld=%lld lu=%lu\n", (short)-3, (long)-4, (long long)-5, (unsigned long)6);
	exit(0);
}
