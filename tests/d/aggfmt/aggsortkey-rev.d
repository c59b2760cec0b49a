/* proves: aggsortkey with aggsortrev sorts by keys descending */
#pragma D option quiet
#pragma D option aggsortkey
#pragma D option aggsortrev
BEGIN
{
	@["b"] = sum(1);
	@["c"] = sum(3);
	@["a"] = sum(2);
	exit(0);
}
