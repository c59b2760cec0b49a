/* proves: tuple keys print each in its own layout; ties are broken by the keys left to right */
#pragma D option quiet
BEGIN
{
	@[2, "b"] = count();
	@[1, "z"] = count();
	@[2, "a"] = count();
	@[1, "a"] = count();
	@[0, "q"] = count();
	@[0, "q"] = count();
	exit(0);
}
