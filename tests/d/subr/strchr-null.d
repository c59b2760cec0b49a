/* proves: strchr() of an absent character yields NULL, which faults with invalid address (0x0) when printed */
#pragma D option quiet

BEGIN
{
	x = 1;
	printf("%s\n", strchr("abc", 'z'));
}

BEGIN
{
	printf("after\n");
	exit(0);
}
