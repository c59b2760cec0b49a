/* proves: values below low and at or above high show the < and >= rows with their neighbours */
#pragma D option quiet
BEGIN
{
	@["lo"] = lquantize(-50, 0, 100, 10);
	@["hi"] = lquantize(100, 0, 100, 10);
	@["hi"] = lquantize(1000, 0, 100, 10);
	exit(0);
}
