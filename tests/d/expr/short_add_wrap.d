/* proves: += on a short wraps at 16 bits */
#pragma D option quiet

BEGIN
{
	s = (short)32767;
	s += 2;
	printf("%d\n", s);
	exit(0);
}
