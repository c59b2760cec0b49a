/* proves: quantize() shows every bucket between the lowest and highest used, zero rows included */
#pragma D option quiet
BEGIN
{
	@ = quantize(0);
	@ = quantize(5);
	@ = quantize(1000);
	@ = quantize(1023);
	@ = quantize(1024);
	exit(0);
}
