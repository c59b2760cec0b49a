/* proves: printa of an aggregation not yet defined */
/* args: -x errtags */
BEGIN
{
	printa(@x);
}
