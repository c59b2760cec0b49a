/* proves: aggsortkeypos=1 compares keys starting at the second one, wrapping to the first */
#pragma D option quiet
#pragma D option aggsortkey
#pragma D option aggsortkeypos=1
BEGIN
{
	@[1, "b"] = count();
	@[2, "a"] = count();
	@[3, "c"] = count();
	@[0, "b"] = count();
	exit(0);
}
