/* proves: else runs when the condition is false */
#pragma D option quiet

BEGIN
{
	x = 0;
	if (x) {
		printf("yes\n");
	} else {
		printf("no\n");
	}
	exit(0);
}
