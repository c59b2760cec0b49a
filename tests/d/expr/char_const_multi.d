/* proves: multi-character constants pack bytes big-endian into an int */
#pragma D option quiet

BEGIN
{
	printf("%d %x\n", 'ab', 'abcd');
	exit(0);
}
