/* proves: (short) sign-extends and (unsigned short) does not */
#pragma D option quiet

BEGIN
{
	x = 65535;
	printf("%d %d\n", (short)x, (unsigned short)x);
	exit(0);
}
