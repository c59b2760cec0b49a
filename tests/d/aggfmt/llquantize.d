/* proves: llquantize() rows: < factor^low, linear steps within each order of magnitude, >= factor^(high+1) */
#pragma D option quiet
BEGIN
{
	@ = llquantize(0, 2, 0, 3, 4);
	@ = llquantize(3, 2, 0, 3, 4);
	@ = llquantize(7, 2, 0, 3, 4);
	@ = llquantize(13, 2, 0, 3, 4);
	@ = llquantize(100, 2, 0, 3, 4);
	exit(0);
}
