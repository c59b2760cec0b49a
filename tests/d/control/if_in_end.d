/* proves: if inside an END clause */
#pragma D option quiet

BEGIN
{
	x = 4;
	exit(0);
}

END
{
	if (x == 4) {
		printf("four\n");
	} else {
		printf("not four\n");
	}
}

