/* proves: string <= and >= */
#pragma D option quiet

BEGIN
{
	printf("%d %d %d\n", "b" >= "a", "a" <= "a", "a" >= "b");
	exit(0);
}
