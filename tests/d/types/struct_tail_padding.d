/* proves: a struct declared in D has no tail padding (libctf layout, as DTrace) */
#pragma D option quiet

struct u { long a; char b; };

BEGIN
{
	printf("%d %d\n", sizeof(struct u), offsetof(struct u, b));
	exit(0);
}

