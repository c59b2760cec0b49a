/* proves: normalize(@, n) divides every printed value by n (integer division) without changing the order */
#pragma D option quiet
BEGIN
{
	@["a"] = sum(5000);
	@["b"] = sum(12345);
	@["c"] = sum(999);
	exit(0);
}

END
{
	normalize(@, 1000);
}
