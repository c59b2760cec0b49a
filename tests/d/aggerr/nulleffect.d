/* proves: an aggregation alone is a statement with no effect */
/* args: -x errtags */
BEGIN
{
	@a;
}
