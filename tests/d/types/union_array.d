/* proves: a D-declared union is as large as its largest member, unpadded (as DTrace) */
#pragma D option quiet

union v { char buf[13]; int i; };

BEGIN
{
	printf("%d\n", sizeof(union v));
	exit(0);
}

