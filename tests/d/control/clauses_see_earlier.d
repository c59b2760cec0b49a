/* proves: a later clause sees variables set by an earlier clause of the same firing */
#pragma D option quiet

BEGIN
{
	x = 1;
}

BEGIN
{
	x = x * 10;
}

BEGIN
{
	printf("%d\n", x);
	exit(0);
}

