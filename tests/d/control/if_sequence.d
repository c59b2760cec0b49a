/* proves: statements before, inside and after an if run in order */
#pragma D option quiet

BEGIN
{
	printf("1");
	if (1) {
		printf("2");
	}
	printf("3\n");
	exit(0);
}
