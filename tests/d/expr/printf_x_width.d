/* proves: %x prints at the argument's width */
#pragma D option quiet

BEGIN
{
	x = -1;
	y = -1LL;
	printf("%x %x\n", x, y);
	exit(0);
}
