/* proves: an if whose condition uses ?: */
#pragma D option quiet

BEGIN
{
	x = 0;
	if (x ? 0 : 1) {
		printf("zero\n");
	}
	exit(0);
}
