/* proves: NULL is the int constant 0 (inline long NULL = 0 read as int): sizeof(NULL) is 4 */
#pragma D option quiet

BEGIN
{
	printf("%d\n", sizeof(NULL));
	exit(0);
}
