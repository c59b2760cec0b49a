/* proves: signed constant remainder takes the sign of the dividend */
#pragma D option quiet

BEGIN
{
	printf("%d %d %d %d\n", 7 % 3, -7 % 3, 7 % -3, -7 % -3);
	exit(0);
}
