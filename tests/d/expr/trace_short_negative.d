/* proves: 2-byte records print unsigned: (short)-2 shows 65534 */
BEGIN
{
	trace((short)-2);
	exit(0);
}
