/* proves: strstr() with no match yields NULL, which faults with invalid address (0x0) when printed */
#pragma D option quiet

BEGIN
{
	printf("%s\n", strstr("abc", "z"));
}

BEGIN
{
	printf("after\n");
	exit(0);
}
