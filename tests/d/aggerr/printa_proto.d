/* proves: printa's format must be a string constant before the aggregations */
/* args: -x errtags */
BEGIN
{
	printa("%d");
}
