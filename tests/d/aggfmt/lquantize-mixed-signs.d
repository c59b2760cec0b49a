/* proves: mixed positive and negative counts draw 20-column bars left and right of the | */
#pragma D option quiet
BEGIN
{
	@ = lquantize(1, 0, 4, 1, -3);
	@ = lquantize(2, 0, 4, 1);
	exit(0);
}
