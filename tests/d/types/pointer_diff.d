/* proves: subtracting pointers gives an element count */
#pragma D option quiet

BEGIN
{
	p = (int *)0x1000;
	q = (int *)0x1010;
	printf("%d\n", q - p);
	exit(0);
}
