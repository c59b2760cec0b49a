/* proves: a pointer assigned 0 compares equal to 0 */
#pragma D option quiet

BEGIN
{
	p = (char *)0;
	printf("%d %d\n", p == 0, (uintptr_t)p);
	exit(0);
}
