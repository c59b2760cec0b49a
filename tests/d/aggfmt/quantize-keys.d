/* proves: quantize() entries print the key line then the table; entries sort by the sum of bucket values times counts */
#pragma D option quiet
BEGIN
{
	@["big"] = quantize(8);
	@["small"] = quantize(1);
	@["small"] = quantize(1);
	@["mid"] = quantize(2);
	@["mid"] = quantize(3);
	@["mid"] = quantize(2);
	exit(0);
}
