/* proves: fault messages and ERROR's arg2 number actions as illumos's compiler makes them: each printf argument is an action, and an aggregation is one action per key, one for quantize's increment, then the aggregating one; trunc( ) and normalize( ) are two */
#pragma D option quiet

int zero;

BEGIN
{
	x = 1;
	printf("%d %d\n", 1, 1 / zero);
}

BEGIN
{
	@a[1, 1 / zero] = count();
}

BEGIN
{
	@q[1, 2] = quantize(1, 1 / zero);
}

BEGIN
{
	@s[1] = sum(1 / zero);
}

ERROR
{
	printf("%d\n", arg2);
}


BEGIN
{
	normalize(@s, 1 / zero);
}

BEGIN
{
	trunc(@s);
	printf("%d\n", 1 / zero);
}

BEGIN
{
	exit(0);
}
