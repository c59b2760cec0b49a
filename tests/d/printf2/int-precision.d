/* proves: precision on integers pads with zeros and overrides the 0 flag; # with x and o */
#pragma D option quiet
BEGIN
{
	printf("[%.3x][%08.3d][%#o][%#x]\n", 15, 7, 0, 0);
	printf("[%-#10x][%#X][%+.2d]\n", 255, 255, 5);
	exit(0);
}
