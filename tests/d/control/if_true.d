/* proves: if runs its block when the condition is true */
#pragma D option quiet

BEGIN
{
	x = 1;
	if (x) {
		printf("yes\n");
	}
	exit(0);
}
