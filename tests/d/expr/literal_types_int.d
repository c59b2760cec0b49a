/* proves: unsuffixed constants: int while they fit, then long; hex may be unsigned int */
#pragma D option quiet

BEGIN
{
	printf("%d %d %d %d\n", sizeof(2147483647), sizeof(2147483648), sizeof(0x7fffffff), sizeof(0xffffffff));
	exit(0);
}
