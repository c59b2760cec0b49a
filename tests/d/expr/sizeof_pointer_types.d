/* proves: sizeof of pointers, size_t and uintptr_t */
#pragma D option quiet

BEGIN
{
	printf("%d %d %d %d\n", sizeof(void *), sizeof(char *), sizeof(size_t), sizeof(uintptr_t));
	exit(0);
}
