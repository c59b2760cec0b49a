/* proves: an aggregation must be assigned an aggregating function */
/* args: -x errtags */
BEGIN
{
	@a = 1;
}
