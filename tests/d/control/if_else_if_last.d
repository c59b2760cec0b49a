/* proves: an else-if chain falls through to the final else */
#pragma D option quiet

BEGIN
{
	x = 9;
	if (x == 1) {
		printf("one\n");
	} else if (x == 2) {
		printf("two\n");
	} else {
		printf("other\n");
	}
	exit(0);
}
