/* proves: aggregations may not follow speculate */
/* args: -x errtags */
BEGIN
{
	speculate(1);
	@a = count();
}
