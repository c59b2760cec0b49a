/* proves: printf flags, widths and precisions: - 0 (the later of - and 0 wins) + space # ' * .* and an ignored zero precision */
/* args: -q */
BEGIN
{
	printf("[%5d][%-5d][%05d][%-05d][%0-5d]\n", 42, 42, 42, 42, 42);
	printf("[%+d][% d][%#x][%#o][%.3d][%.0d]\n", 42, 42, 255, 8, 7, 0);
	printf("[%'d][%'d][%'12d]\n", 1234567, -1234, 1234567);
	printf("[%*d][%*d][%.*d]\n", 6, 42, -6, 42, 4, 42);
	printf("[%10s][%-10s][%.3s][%.0s]\n", "abc", "abc", "abcdef", "abcdef");
	exit(0);
}
