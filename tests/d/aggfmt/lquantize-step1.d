/* proves: lquantize() with the default step of 1 and a negative low bound */
#pragma D option quiet
BEGIN
{
	@ = lquantize(-3, -5, 5);
	@ = lquantize(-3, -5, 5);
	@ = lquantize(0, -5, 5);
	exit(0);
}
