/* proves: a struct is padded to the alignment of its widest member */
#pragma D option quiet

struct u { long a; char b; };

BEGIN
{
	printf("%d %d\n", sizeof(struct u), offsetof(struct u, b));
	exit(0);
}

