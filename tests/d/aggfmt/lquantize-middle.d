/* proves: lquantize() shows one empty row either side of the used range */
#pragma D option quiet
BEGIN
{
	@ = lquantize(35, 0, 100, 10);
	@ = lquantize(42, 0, 100, 10);
	@ = lquantize(47, 0, 100, 10);
	exit(0);
}
