/* proves: pointers compare as unsigned addresses */
#pragma D option quiet

BEGIN
{
	p = (char *)0x10;
	q = (char *)0x20;
	printf("%d %d %d\n", p < q, p == q, p != 0);
	exit(0);
}
