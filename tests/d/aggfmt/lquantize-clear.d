/* proves: a cleared lquantize() shows its first three rows, all empty */
#pragma D option quiet
BEGIN
{
	@ = lquantize(50, 0, 100, 10);
	exit(0);
}

END
{
	clear(@);
}
