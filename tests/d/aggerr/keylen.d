/* proves: aggregation key count is fixed by the first use */
/* args: -x errtags */
BEGIN
{
	@a[1] = count();
	@a[1, 2] = count();
}
