/* proves: lquantize() entries sort by the sum of bucket bases times counts */
#pragma D option quiet
BEGIN
{
	@["hi"] = lquantize(80, 0, 100, 20);
	@["lo"] = lquantize(5, 0, 100, 20);
	@["lo"] = lquantize(25, 0, 100, 20);
	exit(0);
}
