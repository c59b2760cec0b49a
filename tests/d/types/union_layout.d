/* proves: a union is as large as its largest member and all members start at 0 */
#pragma D option quiet

union u { char a; long b; int c; };

BEGIN
{
	printf("%d %d %d\n", sizeof(union u), offsetof(union u, b), offsetof(union u, c));
	exit(0);
}

