/* proves: lquantize parameters must match the first use */
/* args: -x errtags */
BEGIN
{
	@a = lquantize(1, 0, 10);
	@a = lquantize(1, 5, 10);
}
