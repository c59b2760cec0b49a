/* proves: negative values fall in the mirrored buckets (-3 in -2, -100 in -64), bounded by one empty bucket each side */
#pragma D option quiet
BEGIN
{
	@ = quantize(-1);
	@ = quantize(-3);
	@ = quantize(-2);
	@ = quantize(-100);
	exit(0);
}
