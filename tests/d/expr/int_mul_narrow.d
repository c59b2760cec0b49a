/* proves: int multiplication is narrowed to 32 bits when stored */
#pragma D option quiet

BEGIN
{
	x = 65536;
	y = x * x;
	printf("%d\n", y);
	exit(0);
}
