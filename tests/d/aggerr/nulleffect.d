/* proves: a subscripted aggregation alone (which creates it) is a statement with no effect, D_AGG_NULL */
/* args: -x errtags */
BEGIN
{
	@a[1];
}
