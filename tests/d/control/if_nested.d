/* proves: nested if/else */
#pragma D option quiet

BEGIN
{
	x = 1;
	y = 0;
	if (x) {
		if (y) {
			printf("a\n");
		} else {
			printf("b\n");
		}
	} else {
		printf("c\n");
	}
	exit(0);
}
