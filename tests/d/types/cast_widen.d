/* proves: widening casts sign-extend signed values and zero-extend unsigned ones */
#pragma D option quiet

BEGIN
{
	x = -1;
	y = (unsigned int)x;
	printf("%d %u\n", (long long)x, (unsigned long long)y);
	exit(0);
}
