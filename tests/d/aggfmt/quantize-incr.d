/* proves: quantize(x, incr) adds incr to the bucket */
#pragma D option quiet
BEGIN
{
	@ = quantize(4, 3);
	@ = quantize(1);
	@ = quantize(5, 2);
	exit(0);
}
