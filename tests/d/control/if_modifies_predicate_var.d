/* proves: a variable changed inside an if is seen by a later clause's predicate */
#pragma D option quiet

BEGIN
{
	x = 0;
	if (1) {
		x = 2;
	}
}

BEGIN
/x == 2/
{
	printf("two\n");
}

BEGIN
{
	exit(0);
}

