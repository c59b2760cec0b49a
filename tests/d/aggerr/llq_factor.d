/* proves: llquantize factor must be two or more */
/* args: -x errtags */
BEGIN
{
	@a = llquantize(1, 1, 0, 2, 1);
}
