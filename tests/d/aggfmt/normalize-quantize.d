/* proves: a normalized quantize() divides the counts but draws the bars from the raw counts */
#pragma D option quiet
BEGIN
{
	@ = quantize(1, 30);
	@ = quantize(2, 10);
	exit(0);
}

END
{
	normalize(@, 10);
}
