/* proves: copyinstr() of an unmapped user address faults with invalid address, with and without a size */
#pragma D option quiet

BEGIN
{
	printf("%s\n", copyinstr(0));
}

BEGIN
{
	x = 1;
	printf("%s\n", copyinstr(0x2000, 10));
}

BEGIN
{
	printf("after\n");
	exit(0);
}
