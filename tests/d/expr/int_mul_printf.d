/* proves: printf narrows an int product to 32 bits */
#pragma D option quiet

BEGIN
{
	x = 65536;
	printf("%d\n", x * x + 5);
	exit(0);
}
