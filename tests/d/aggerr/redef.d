/* proves: an aggregation keeps the function of its first use */
/* args: -x errtags */
BEGIN
{
	@a = count();
	@a = sum(1);
}
