/* proves: %% next to conversions and at the ends of the format */
#pragma D option quiet
BEGIN
{
	printf("%%%d%%\n", 50);
	printf("100%%\n");
	printf("%%s %s\n", "x");
	exit(0);
}
