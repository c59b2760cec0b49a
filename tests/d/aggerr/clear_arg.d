/* proves: clear needs an aggregation argument */
/* args: -x errtags */
BEGIN
{
	clear(1);
}
