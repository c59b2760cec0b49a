/* proves: three levels of nesting */
#pragma D option quiet

BEGIN
{
	a = 1;
	b = 1;
	c = 1;
	if (a) {
		if (b) {
			if (c) {
				printf("deep\n");
			}
		}
	}
	exit(0);
}
