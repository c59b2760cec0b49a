/* proves: unsigned char variables compare as unsigned values */
#pragma D option quiet

BEGIN
{
	c = (unsigned char)200;
	d = (unsigned char)10;
	printf("%d\n", c < d);
	exit(0);
}
