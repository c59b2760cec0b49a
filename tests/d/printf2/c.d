/* proves: %c prints a character from char, int or short, with width and - flag */
#pragma D option quiet
BEGIN
{
	printf("[%c][%c][%c][%c]\n", 'A', 66, (char)0x7a, (short)48);
	printf("[%3c][%-3c]\n", 'x', 'y');
	exit(0);
}
