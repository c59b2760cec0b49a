/* proves: aggsortkey compares integer keys unsigned: 0, 1, then -1 */
#pragma D option quiet
#pragma D option aggsortkey
BEGIN
{
	@[-1] = sum(1);
	@[1] = sum(2);
	@[0] = sum(3);
	exit(0);
}
