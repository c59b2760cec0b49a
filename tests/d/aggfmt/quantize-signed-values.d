/* proves: negative and positive values fill mirrored buckets around 0 with ordinary bars */
#pragma D option quiet
BEGIN
{
	@ = quantize(-5);
	@ = quantize(0);
	@ = quantize(6);
	@ = quantize(6);
	exit(0);
}
