/* proves: quantize() prints the power-of-two table, one empty bucket either side of the data, bars scaled to 40 */
#pragma D option quiet
BEGIN
{
	@ = quantize(1);
	@ = quantize(2);
	@ = quantize(3);
	@ = quantize(2);
	exit(0);
}
