/* proves: an unsigned int record prints through %d, so UINT_MAX shows as -1 */
BEGIN
{
	trace(0xffffffff);
	exit(0);
}
