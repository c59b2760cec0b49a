/* proves: lquantize base must be a constant */
/* args: -x errtags */
BEGIN
{
	x = 1;
	@a = lquantize(1, x, 10);
}
