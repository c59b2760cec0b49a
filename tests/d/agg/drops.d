/* proves: a full aggregation table drops new keys, counts them and reports them at drain; existing keys still update */
/* args: -x aggsize=80 */
#pragma D option quiet
BEGIN
{
	@[1] = count();
	@[2] = count();
	@[3] = count();
	@[4] = count();
	@[1] = count();
	exit(0);
}
