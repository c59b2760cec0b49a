/* proves: casts to narrower types keep the low bits, printed at their width */
#pragma D option quiet

BEGIN
{
	x = 0x12345678;
	printf("%x %x %x\n", (char)x, (short)x, (int)x);
	exit(0);
}
