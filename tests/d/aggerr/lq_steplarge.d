/* proves: lquantize step must leave at least one level */
/* args: -x errtags */
BEGIN
{
	@a = lquantize(1, 0, 10, 20);
}
