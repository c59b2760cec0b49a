/* proves: -x encoding=utf8 draws a quantize bar with no negative bucket in Unicode block elements, eighths for the remainder, as dt_print_quantline_utf8 */
/* args: -x encoding=utf8 */
#pragma D option quiet
BEGIN
{
	@ = quantize(1);
	@ = quantize(2);
	@ = quantize(2);
	@ = quantize(2);
	@ = quantize(5);
	@ = quantize(5);
	@ = quantize(300);
	@n = lquantize(-1, -2, 2);
	exit(0);
}
