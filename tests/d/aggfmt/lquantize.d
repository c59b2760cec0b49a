/* proves: lquantize() rows: < low, each step, >= high; all shown when both ends are used */
#pragma D option quiet
BEGIN
{
	@ = lquantize(-1, 0, 10, 2);
	@ = lquantize(0, 0, 10, 2);
	@ = lquantize(3, 0, 10, 2);
	@ = lquantize(3, 0, 10, 2);
	@ = lquantize(9, 0, 10, 2);
	@ = lquantize(10, 0, 10, 2);
	@ = lquantize(25, 0, 10, 2);
	exit(0);
}
