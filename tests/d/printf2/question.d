/* proves: %? is width 16, for pointers and integers, and takes the - flag */
#pragma D option quiet
BEGIN
{
	printf("[%?p][%?d]\n", (void *)0x1234, 42);
	printf("[%-?p]\n", (void *)0x1234);
	exit(0);
}
