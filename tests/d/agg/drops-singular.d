/* proves: one aggregation drop is reported in the singular */
/* args: -x aggsize=40 */
#pragma D option quiet
BEGIN
{
	@[1] = count();
	@[2] = count();
	exit(0);
}
