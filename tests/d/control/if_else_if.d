/* proves: an else-if chain picks the first true branch */
#pragma D option quiet

BEGIN
{
	x = 2;
	if (x == 1) {
		printf("one\n");
	} else if (x == 2) {
		printf("two\n");
	} else {
		printf("other\n");
	}
	exit(0);
}
