/* proves: if and else with single statements and no braces */
#pragma D option quiet

BEGIN
{
	x = 1;
	if (x) printf("a\n"); else printf("b\n");
	if (!x) printf("c\n"); else printf("d\n");
	exit(0);
}
