/* proves: an if condition built with && and || */
#pragma D option quiet

BEGIN
{
	x = 3;
	if (x > 1 && x < 5) {
		printf("in\n");
	}
	if (x < 1 || x > 5) {
		printf("out\n");
	}
	exit(0);
}
