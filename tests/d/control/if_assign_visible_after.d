/* proves: a variable assigned inside an if block is visible after it */
#pragma D option quiet

BEGIN
{
	x = 0;
	if (1) {
		x = 5;
	}
	printf("%d\n", x);
	exit(0);
}
