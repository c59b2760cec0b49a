/* proves: a union with an array member */
#pragma D option quiet

union v { char buf[13]; int i; };

BEGIN
{
	printf("%d\n", sizeof(union v));
	exit(0);
}

