/* proves: octal and hexadecimal constants */
#pragma D option quiet

BEGIN
{
	printf("%d %d %d %d\n", 010, 0x1f, 0X1F, 0777);
	exit(0);
}
