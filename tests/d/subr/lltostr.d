/* proves: lltostr(): base 10 signed; 16 adds 0x (0 is 0x0); 8 a leading 0; other bases bare, all non-10 bases unsigned */
#pragma D option quiet
BEGIN
{
	printf("%s %s %s %s\n", lltostr(0), lltostr(-42), lltostr(1234567890123), lltostr(9223372036854775807));
	printf("%s %s %s\n", lltostr(255, 16), lltostr(0, 16), lltostr(-1, 16));
	printf("%s %s %s\n", lltostr(8, 8), lltostr(0, 8), lltostr(-8, 8));
	printf("%s %s %s %s\n", lltostr(5, 2), lltostr(35, 36), lltostr(100, 10), lltostr(0, 2));
	exit(0);
}
