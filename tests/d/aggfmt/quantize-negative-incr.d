/* proves: a negative increment makes negative counts: with only negative counts bars are right-aligned before the | and the count follows a blank */
#pragma D option quiet
BEGIN
{
	@ = quantize(2, -3);
	@ = quantize(8, -1);
	exit(0);
}
