/* proves: large decimal constants print in full */
#pragma D option quiet

BEGIN
{
	printf("%d %d\n", 4294967295, 2147483648);
	exit(0);
}
