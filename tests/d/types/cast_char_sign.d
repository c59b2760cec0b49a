/* proves: (char) sign-extends and (unsigned char) does not */
#pragma D option quiet

BEGIN
{
	x = 255;
	printf("%d %d\n", (char)x, (unsigned char)x);
	exit(0);
}
