/* proves: negative integer keys are distinct from positive ones */
#pragma D option quiet

BEGIN
{
	a[-1] = 9;
	printf("%d %d\n", a[-1], a[1]);
	exit(0);
}
