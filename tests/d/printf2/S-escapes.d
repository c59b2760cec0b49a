/* proves: %S escapes backslash, double quote and the C control escapes */
#pragma D option quiet
BEGIN
{
	printf("%S\n", "a\a\b\f\n\r\t\vz");
	printf("%S\n", "q\"b\\s");
	printf("%S|%s\n", "plain text", "plain text");
	exit(0);
}
