/* proves: an 8-byte record prints through %lld, so ULLONG_MAX shows as -1 */
BEGIN
{
	trace(18446744073709551615ULL);
	exit(0);
}
