/* proves: a false if without else does nothing */
#pragma D option quiet

BEGIN
{
	x = 0;
	if (x) {
		printf("yes\n");
	}
	printf("done\n");
	exit(0);
}
