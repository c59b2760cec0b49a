/* proves: llquantize() with low > 0 starts at factor^low with a < row below it */
#pragma D option quiet
BEGIN
{
	@ = llquantize(3, 10, 1, 2, 10);
	@ = llquantize(10, 10, 1, 2, 10);
	@ = llquantize(250, 10, 1, 2, 10);
	exit(0);
}
