/* proves: llquantize(x, 10, 0, 2, 10): ones, tens and hundreds, with empty rows kept between used ones */
#pragma D option quiet
BEGIN
{
	@ = llquantize(5, 10, 0, 2, 10);
	@ = llquantize(55, 10, 0, 2, 10);
	@ = llquantize(59, 10, 0, 2, 10);
	@ = llquantize(500, 10, 0, 2, 10);
	exit(0);
}
