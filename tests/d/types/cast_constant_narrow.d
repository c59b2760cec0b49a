/* proves: casts of constants narrow at compile time */
#pragma D option quiet

BEGIN
{
	printf("%d %d %d\n", (char)257, (short)65537, (unsigned char)511);
	exit(0);
}
