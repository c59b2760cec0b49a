/* proves: aggregation keys keep the signature of the first use */
/* args: -x errtags */
BEGIN
{
	@a[1] = count();
	@a["x"] = count();
}
