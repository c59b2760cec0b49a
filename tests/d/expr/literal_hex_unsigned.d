/* proves: 0xffffffff is unsigned int, so %d prints it unsigned */
#pragma D option quiet

BEGIN
{
	printf("%d %d\n", 0xffffffff, 0x7fffffff);
	exit(0);
}
