/* proves: exit() inside an if sets the status */
#pragma D option quiet

BEGIN
{
	x = 1;
	if (x) {
		exit(5);
	}
}

BEGIN
{
	printf("no\n");
}

