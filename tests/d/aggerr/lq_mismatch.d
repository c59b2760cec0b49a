/* proves: lquantize base must be below its limit */
/* args: -x errtags */
BEGIN
{
	@a = lquantize(1, 10, 0);
}
