/* proves: a single 0 shows the -1, 0 and 1 buckets */
#pragma D option quiet
BEGIN
{
	@ = quantize(0);
	exit(0);
}
